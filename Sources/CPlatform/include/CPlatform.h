#ifndef FRAMEBUDGET_PLATFORM_H
#define FRAMEBUDGET_PLATFORM_H
// Facts and controls of the platform that Swift's Glibc module cannot reach (they need _GNU_SOURCE or cpuid).

/// Pins the calling thread to one CPU. Returns 0, or an errno value (EINVAL for a CPU that does not exist).
int fb_pin_current_thread(int cpu);

/// Writes the hypervisor's CPUID vendor signature (leaf 0x40000000, e.g. "KVMKVMKVM") into `vendor`
/// (13 bytes, NUL-terminated) and returns 1 when the CPU reports a hypervisor; returns 0 otherwise.
int fb_hypervisor_vendor(char vendor[13]);
#endif
