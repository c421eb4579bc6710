import CPAPI

/// A PAPI error with the call that failed, e.g. `PAPI_add_named_event(PAPI_TOT_CYC): PAPI_ENOEVNT (-7)`.
public struct PAPIError: Error, CustomStringConvertible, Equatable {
    public let call: String
    public let code: Int32
    public var description: String { "\(call): \(PAPIRuntime.errorName(code))" }
}

/// One PAPI event set owned by the thread that created it; cleaned up and destroyed on release.
final class EventSet {
    private var handle: Int32 = PAPI_NULL
    private(set) var names: [String] = []
    private var running = false

    init() throws {
        if case let .unusable(reason) = PAPIRuntime.state { throw PAPIError(call: reason, code: PAPI_ENOINIT) }
        let status = PAPI_create_eventset(&handle)
        guard status == PAPI_OK else { throw PAPIError(call: "PAPI_create_eventset", code: status) }
    }

    /// Builds a set holding exactly `names`.
    convenience init(_ names: [String]) throws {
        try self.init()
        for name in names { try add(name) }
    }

    deinit {
        if running {
            var scratch = [Int64](repeating: 0, count: Swift.max(names.count, 1))
            PAPI_stop(handle, &scratch)
        }
        PAPI_cleanup_eventset(handle)
        PAPI_destroy_eventset(&handle)
    }

    func add(_ name: String) throws {
        let status = PAPI_add_named_event(handle, name)
        guard status == PAPI_OK else { throw PAPIError(call: "PAPI_add_named_event(\(name))", code: status) }
        names.append(name)
    }

    /// Turns the set into a multiplexed one (before any event is added); fails where the kernel refuses.
    func multiplex() throws {
        var status = PAPI_assign_eventset_component(handle, 0)
        if status == PAPI_OK { status = PAPI_set_multiplex(handle) }
        guard status == PAPI_OK else { throw PAPIError(call: "PAPI_set_multiplex", code: status) }
    }

    func start() throws {
        let status = PAPI_start(handle)
        guard status == PAPI_OK else { throw PAPIError(call: "PAPI_start", code: status) }
        running = true
    }

    /// Reads and stops: the counts since `start`, one per event in `names` order.
    func stop() throws -> [Int64] {
        var values = [Int64](repeating: 0, count: Swift.max(names.count, 1))
        let status = PAPI_stop(handle, &values)
        running = false
        guard status == PAPI_OK else { throw PAPIError(call: "PAPI_stop", code: status) }
        return Array(values.prefix(names.count))
    }

    /// Counts of `body` between start and stop.
    func count(_ body: () -> Void) throws -> [Int64] {
        try start()
        body()
        return try stop()
    }
}
