import CPAPI

/// The event names this machine's PAPI knows (presets, native events) and the perf:: generic names, so a typo in
/// `--events` can be told apart from an event that exists but cannot be counted, and answered with close matches.
public enum EventNames {
    /// Every known name, sorted: PAPI's presets (available or not), PAPI's native events, the perf:: generics.
    public static var all: [String] {
        var names = Set(EventCatalog.perfSoftwareNames + EventCatalog.perfHardwareNames)
        if PAPIRuntime.state == .ready {
            names.formUnion(enumerate(start: cpapi_preset_mask(), component: nil))
            for component in 0..<PAPI_num_components() where cpapi_component_disabled(component) == 0 {
                names.formUnion(enumerate(start: 0, component: component))
            }
        }
        return names.sorted()
    }

    /// True when PAPI can translate the name, or it is a perf:: generic event (modifiers ignored).
    public static func isKnown(_ name: String) -> Bool {
        if PAPIRuntime.state == .ready {
            var code: Int32 = 0
            if PAPI_event_name_to_code(name, &code) == PAPI_OK { return true }
        }
        let base = EventCatalog.baseName(name)
        return all.contains { $0.caseInsensitiveCompare(base) == .orderedSame }
    }

    /// PAPI's enumeration: from the first event of a class (presets) or of a component (natives).
    private static func enumerate(start: Int32, component: Int32?) -> [String] {
        var code = start
        var names = [String]()
        func next(_ modifier: Int32) -> Bool {
            let status = component.map { PAPI_enum_cmp_event(&code, modifier, $0) } ?? PAPI_enum_event(&code, modifier)
            return status == PAPI_OK
        }
        guard next(Int32(PAPI_ENUM_FIRST)) else { return [] }
        repeat {
            var buffer = [CChar](repeating: 0, count: Int(PAPI_MAX_STR_LEN) * 8)
            if PAPI_event_code_to_name(code, &buffer) == PAPI_OK {
                names.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
        } while next(Int32(PAPI_ENUM_EVENTS))
        return names
    }
}
