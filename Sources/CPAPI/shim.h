#ifndef FRAMEBUDGET_CPAPI_SHIM_H
#define FRAMEBUDGET_CPAPI_SHIM_H
#include <papi.h>
// PAPI_VER_CURRENT is a macro expression Swift cannot import.
static inline int cpapi_ver_current(void) { return PAPI_VER_CURRENT; }
#endif
