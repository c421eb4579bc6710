#ifndef FRAMEBUDGET_COPENBLAS_SHIM_H
#define FRAMEBUDGET_COPENBLAS_SHIM_H
#include <cblas.h>
#include <stddef.h>

// LAPACK's least-squares driver as libopenblas exports it (Fortran ABI: every argument by pointer, plus the hidden
// length of the character argument). libopenblas-dev 0.3.21 ships no lapacke.h and libopenblas has no LAPACKE_*
// symbols, so the Fortran entry point is declared here.
void dgels_(const char *trans, const int *m, const int *n, const int *nrhs, double *a, const int *lda,
            double *b, const int *ldb, double *work, const int *lwork, int *info, size_t trans_length);

// The name of the kernel family OpenBLAS chose for this CPU at load time (e.g. "SkylakeX", "Haswell", "Prescott" when
// it does not recognise the CPU): sgemm's rounding, and its speed, depend on it.
char *openblas_get_corename(void);
#endif
