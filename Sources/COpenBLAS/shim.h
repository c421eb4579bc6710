#ifndef FRAMEBUDGET_COPENBLAS_SHIM_H
#define FRAMEBUDGET_COPENBLAS_SHIM_H
#include <cblas.h>
#endif
