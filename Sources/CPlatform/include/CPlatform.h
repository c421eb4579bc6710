#ifndef FRAMEBUDGET_PLATFORM_H
#define FRAMEBUDGET_PLATFORM_H
// Facts and controls of the platform that Swift's Glibc module cannot reach (they need _GNU_SOURCE or cpuid).

/// Pins the calling thread to one CPU. Returns 0, or an errno value (EINVAL for a CPU that does not exist).
int fb_pin_current_thread(int cpu);

/// The highest-numbered CPU the calling thread may run on, or -1 when it may run on fewer than two (or the platform
/// cannot say): where paired comparisons pin their measuring threads by default.
int fb_last_allowed_cpu(void);

/// Writes the hypervisor's CPUID vendor signature (leaf 0x40000000, e.g. "KVMKVMKVM") into `vendor`
/// (13 bytes, NUL-terminated) and returns 1 when the CPU reports a hypervisor; returns 0 otherwise.
int fb_hypervisor_vendor(char vendor[13]);

/// 1 when the calling process runs with address-space randomization turned off for itself (its personality has
/// ADDR_NO_RANDOMIZE: `setarch -R`, a debugger), which the processes it starts inherit; 0 otherwise.
int fb_address_randomization_disabled(void);

/// Clears ADDR_NO_RANDOMIZE from the calling process's personality, so that the processes it starts from now on are
/// randomized (this process keeps the layout it has). Returns 0, or an errno value.
int fb_enable_address_randomization(void);

/// Swaps the two existing paths `a` and `b` in one step (renameat2 with RENAME_EXCHANGE): no moment has either
/// name missing. Returns 0, or an errno value (EINVAL or ENOSYS where the file system or kernel cannot).
int fb_exchange_paths(const char *a, const char *b);

// MARK: - Roofs (Roofs.c)
#include <stddef.h>
#include <stdint.h>

/// Kinds of work `fb_roof_run` times.
enum {
    FB_ROOF_COPY = 0,      ///< memcpy of `bytes` from each source to its destination
    FB_ROOF_READ = 1,      ///< vector loads over `bytes` of each source
    FB_ROOF_WRITE = 2,     ///< plain vector stores over `bytes` of each destination
    FB_ROOF_WRITE_NT = 3,  ///< non-temporal (streaming) vector stores
    FB_ROOF_FMA = 4,       ///< `passes` iterations of 16 independent fp32 FMA vectors per thread (no memory)
};
#define FB_ROOF_MAX_THREADS 256

/// Runs `kind` on `threads` threads started together (thread t on destinations[t] / sources[t], 64-byte aligned,
/// `bytes` a multiple of 256), `passes` times each. Returns nanoseconds from the first start to the last finish,
/// or -1 when the threads could not be started.
int64_t fb_roof_run(int kind, int threads, void *const *destinations, const void *const *sources, size_t bytes,
                    long passes);
/// The vector instruction set the roof loops use here: "avx512f", "avx2+fma", "sse2" or "scalar".
const char *fb_roof_instruction_set(void);
/// fp32 lanes of one FMA of that instruction set (16, 8, or 1): flops per FMA loop iteration are 16 × 2 × lanes.
int fb_roof_fp32_lanes(void);
#endif
