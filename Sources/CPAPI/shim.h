#ifndef FRAMEBUDGET_CPAPI_SHIM_H
#define FRAMEBUDGET_CPAPI_SHIM_H
#include <papi.h>
#include <pthread.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>
// Swift cannot import macro expressions, bit masks cast to int, or fixed-size char arrays of C structs as strings:
// these helpers hand them over as plain values and C strings.

// PAPI_VER_CURRENT is a macro expression Swift cannot import.
static inline int cpapi_ver_current(void) { return PAPI_VER_CURRENT; }
static inline int cpapi_version(void) { return PAPI_VERSION; }
static inline int cpapi_preset_mask(void) { return (int)PAPI_PRESET_MASK; }

static inline unsigned long cpapi_thread_id(void) { return (unsigned long)pthread_self(); }
/// PAPI_thread_init with a pthread_self-based id (counts then belong to the calling thread).
static inline int cpapi_thread_init(void) { return PAPI_thread_init(cpapi_thread_id); }

/// The component's name, or NULL for an index out of range.
static inline const char *cpapi_component_name(int cidx) {
    const PAPI_component_info_t *info = PAPI_get_component_info(cidx);
    return info ? info->name : 0;
}
/// Non-zero when the component is disabled; `cpapi_component_disabled_reason` then says why.
static inline int cpapi_component_disabled(int cidx) {
    const PAPI_component_info_t *info = PAPI_get_component_info(cidx);
    return info ? info->disabled : 1;
}
static inline const char *cpapi_component_disabled_reason(int cidx) {
    const PAPI_component_info_t *info = PAPI_get_component_info(cidx);
    return info ? info->disabled_reason : "";
}
/// Hardware counters the component can program at once.
static inline int cpapi_component_counters(int cidx) {
    const PAPI_component_info_t *info = PAPI_get_component_info(cidx);
    return info ? info->num_cntrs : 0;
}
/// 1 when PAPI detected a hypervisor; its vendor string otherwise empty.
static inline int cpapi_virtualized(void) {
    const PAPI_hw_info_t *info = PAPI_get_hardware_info();
    return info ? info->virtualized : 0;
}
static inline const char *cpapi_virtual_vendor(void) {
    const PAPI_hw_info_t *info = PAPI_get_hardware_info();
    return info ? info->virtual_vendor_string : "";
}

// Linux software perf events opened directly, for when PAPI's perf_event component is disabled (no core PMU makes
// libpfm4 give up, and PAPI with it) although the kernel counts software events fine.

/// Opens a disabled counter of PERF_TYPE_SOFTWARE event `config` for thread `tid` (0: the calling thread), counting
/// kernel mode too unless `user_only` (perf_event_paranoid 2 allows only that to unprivileged users). Returns the
/// fd, or -errno (-ESRCH when the thread has exited).
static inline int cpapi_perf_software_open_thread(unsigned long long config, int user_only, int tid) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.type = PERF_TYPE_SOFTWARE;
    attr.size = sizeof attr;
    attr.config = config;
    attr.disabled = 1;
    attr.exclude_kernel = user_only ? 1 : 0;
    attr.exclude_hv = 1;
    long fd = syscall(SYS_perf_event_open, &attr, tid, -1, -1, 0);
    return fd < 0 ? -errno : (int)fd;
}
/// The calling thread's kernel id (the `tid` above; SYS_gettid is a macro Swift cannot import).
static inline int cpapi_gettid(void) { return (int)syscall(SYS_gettid); }
/// The same for the calling thread.
static inline int cpapi_perf_software_open(unsigned long long config, int user_only) {
    return cpapi_perf_software_open_thread(config, user_only, 0);
}
static inline int cpapi_perf_reset_enable(int fd) {
    if (ioctl(fd, PERF_EVENT_IOC_RESET, 0) != 0) return -errno;
    return ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) == 0 ? 0 : -errno;
}
/// Disables the counter and stores its count; 0 or -errno.
static inline int cpapi_perf_disable_read(int fd, unsigned long long *value) {
    if (ioctl(fd, PERF_EVENT_IOC_DISABLE, 0) != 0) return -errno;
    return read(fd, value, sizeof *value) == (ssize_t)sizeof *value ? 0 : -errno;
}
static inline unsigned long long cpapi_sw_task_clock(void) { return PERF_COUNT_SW_TASK_CLOCK; }
static inline unsigned long long cpapi_sw_page_faults(void) { return PERF_COUNT_SW_PAGE_FAULTS; }
static inline unsigned long long cpapi_sw_context_switches(void) { return PERF_COUNT_SW_CONTEXT_SWITCHES; }
static inline unsigned long long cpapi_sw_cpu_migrations(void) { return PERF_COUNT_SW_CPU_MIGRATIONS; }
static inline unsigned long long cpapi_sw_minor_faults(void) { return PERF_COUNT_SW_PAGE_FAULTS_MIN; }
static inline unsigned long long cpapi_sw_major_faults(void) { return PERF_COUNT_SW_PAGE_FAULTS_MAJ; }
static inline unsigned long long cpapi_sw_cpu_clock(void) { return PERF_COUNT_SW_CPU_CLOCK; }
#endif
