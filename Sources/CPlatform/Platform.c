#define _GNU_SOURCE
#include <sched.h>
#include <errno.h>
#include <string.h>
#ifdef __linux__
#include <fcntl.h>
#include <sys/personality.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/fs.h>
#endif
#include "CPlatform.h"
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

int fb_pin_current_thread(int cpu) {
#ifdef __linux__
    if (cpu < 0 || cpu >= CPU_SETSIZE) return EINVAL;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof(set), &set) == 0 ? 0 : errno;
#else
    (void)cpu;
    return ENOSYS;
#endif
}

int fb_last_allowed_cpu(void) {
#ifdef __linux__
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) != 0 || CPU_COUNT(&set) < 2) return -1;
    for (int cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--) {
        if (CPU_ISSET(cpu, &set)) return cpu;
    }
#endif
    return -1;
}

int fb_hypervisor_vendor(char vendor[13]) {
    memset(vendor, 0, 13);
#if defined(__x86_64__) || defined(__i386__)
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 31))) return 0;  // bit 31: hypervisor present
    __cpuid(0x40000000, eax, ebx, ecx, edx);
    memcpy(vendor + 0, &ebx, 4);
    memcpy(vendor + 4, &ecx, 4);
    memcpy(vendor + 8, &edx, 4);
    return 1;
#else
    return 0;
#endif
}

int fb_address_randomization_disabled(void) {
#ifdef __linux__
    int persona = personality(0xffffffff);  // 0xffffffff queries without changing it
    return persona != -1 && (persona & ADDR_NO_RANDOMIZE) ? 1 : 0;
#else
    return 0;
#endif
}

int fb_enable_address_randomization(void) {
#ifdef __linux__
    int persona = personality(0xffffffff);
    if (persona == -1) return errno;
    if (!(persona & ADDR_NO_RANDOMIZE)) return 0;
    return personality((unsigned long)persona & ~(unsigned long)ADDR_NO_RANDOMIZE) == -1 ? errno : 0;
#else
    return 0;
#endif
}

int fb_exchange_paths(const char *a, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
    return syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) == 0 ? 0 : errno;
#else
    (void)a; (void)b;
    return ENOSYS;
#endif
}
