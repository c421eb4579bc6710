#ifndef FRAMEBUDGET_CPAPI_SHIM_H
#define FRAMEBUDGET_CPAPI_SHIM_H
#include <papi.h>
#include <pthread.h>
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
#endif
