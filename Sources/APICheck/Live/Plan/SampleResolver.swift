import Foundation
import Synchronization

/// The values live checks send, and the order their samples impose: declared samples resolved
/// against the environment, the run id and the answers other steps saw. Optional parameters
/// without a sample are left out.
struct SampleResolver: Sendable {
    struct SampleError: Error {
        var message: String
        /// The environment variable a required value comes from, when it is its unset variable that
        /// left the value out: something for the person running to set, not a declaration problem.
        var unsetVariable: (parameter: String, variable: String)?
    }

    let environment: [String: String]
    let runID: String
    /// The moment a call is made, for relative times and computed samples.
    var clock: @Sendable () -> Date = { Date() }
    /// Numbers the calls of the run, for samples unique per call.
    let calls = Calls()

    final class Calls: Sendable {
        private let count = Mutex(0)
        func next() -> Int {
            count.withLock {
                $0 += 1; return $0
            }
        }
    }

    /// The values for one call of `endpoint`; `seen` holds the answers of the endpoints its
    /// `.seen` samples read, by endpoint id.
    /// `filled` names parameters the run fills itself (the refresh token), which need no sample.
    func values(
        for endpoint: AnyEndpoint, seen: [String: JSONValue],
        filled: Set<String> = []
    ) throws(SampleError) -> [String: ParameterValue] {
        var values: [String: ParameterValue] = [:]
        let call = calls.next(), now = clock()
        // What the caller fills is not made here: a value it replaces may have no source to come from.
        for parameter in endpoint.sampledValues where !filled.contains(parameter.name) {
            guard let sample = parameter.sample else {
                if parameter.required {
                    throw SampleError(message: "required parameter '\(parameter.name)' has no sample value to send")
                }
                continue
            }
            guard let value = try self.value(of: sample, for: parameter, call: call, now: now, seen: seen) else { continue }
            // Environment values arrive as text; give them the declared type when they parse.
            values[parameter.name] = parameter.type.accept(value) ?? Self.coerce(value, to: parameter.type) ?? value
        }
        return values
    }

    /// One sample's value for one call; nil when it gives none (an optional parameter left out).
    /// Inside a template (`templated`) any scalar will do: the template makes text of it.
    private func value(
        of sample: Sample, for parameter: Parameter, call: Int, now: Date,
        seen: [String: JSONValue], templated: Bool = false
    ) throws(SampleError) -> ParameterValue? {
        var value: ParameterValue?
        switch sample {
        case let .template(template, inner):
            value = try self.value(of: inner, for: parameter, call: call, now: now, seen: seen, templated: true)
                .map { .string(Sample.filled(template, with: $0)) }
        case let .literal(literal):
            value = literal
        case let .environment(name, fallback):
            value = environment[name].map { .string($0) } ?? fallback
            if value == nil, parameter.required {
                throw SampleError(
                    message: "required parameter '\(parameter.name)' comes from the environment variable \(name), which is not set",
                    unsetVariable: (parameter.name, name))
            }
        case let .environmentOr(name, otherwise):
            if let given = environment[name] {
                value = .string(given)
            } else {
                value = try self.value(of: otherwise, for: parameter, call: call, now: now, seen: seen, templated: templated)
            }
        case let .unique(prefix):
            value = .string(prefix + runID)
        case let .uniquePerCall(prefix):
            value = .string("\(prefix)\(runID)-\(call)")
        case let .relativeTime(offset, format):
            value = Self.time(now.addingTimeInterval(offset), format)
        case let .computed(computation):
            value = computation.compute(SampleContext(runID: runID, call: call, now: now, environment: environment))
        case let .seen(source, path, fallback):
            value = Self.scalar(path.path.flatMap { seen[source]?.value(at: $0) }, for: parameter) ?? fallback
            // An earlier answer held something this parameter cannot carry: that answer's
            // check reports it; this one goes on with the declared fallback.
            if !templated, let seen = value, parameter.type.accept(seen) == nil { value = fallback }
        case let .sent(source, path):
            value = Self.scalar(path.path.flatMap { seen[Self.sentKey(source)]?.value(at: $0) }, for: parameter)
        }
        return value
    }

    /// Where `seen` holds the body `endpoint`'s request sent, beside the answers: one dictionary
    /// travels through every kind of step, and no endpoint id starts with a NUL.
    static func sentKey(_ endpoint: String) -> String { "\u{0}sent:" + endpoint }

    /// A scalar of an earlier exchange as a parameter's value; nil for anything else.
    private static func scalar(_ found: JSONValue?, for parameter: Parameter) -> ParameterValue? {
        switch found {
        case let .string(text)?: .string(text)
        // An id the answers hold as a number where the parameter is text (drf-spectacular
        // writes Mayan EDMS's `{cabinet_id}` as `type: string, pattern: ^[0-9]+$`): its digits.
        case let .number(text)? where parameter.type == .string: .string(text)
        case let .number(text)?: Int64(text).map(ParameterValue.int) ?? Double(text).map(ParameterValue.double)
        case let .bool(flag)?: .bool(flag)
        default: nil
        }
    }

    /// Why a required `.seen` parameter without a fallback has no value: its source step did not
    /// succeed, was not run, or its answer holds nothing usable there. The step is then skipped
    /// with this reason instead of being sent without the value (or failing before it is sent).
    /// `succeeded` names the sources whose step succeeded: one whose answer kept nothing later
    /// steps read (MLflow's `{}` for a search that found no runs) has no document in `seen`.
    /// A sample read while its variable is unset (`environmentOr`) needs no source when
    /// `environment` sets it, and its reason names the variable that would give the value.
    static func unavailableSample(
        for endpoint: AnyEndpoint, seen: [String: JSONValue], succeeded: Set<String> = [], except given: Set<String> = [],
        environment: [String: String] = [:]
    ) -> String? {
        for parameter in endpoint.sampledValues where parameter.required && !given.contains(parameter.name) {
            if let (source, path) = parameter.sample?.sentSource, source != endpoint.id {
                if case let .environmentOr(name, _)? = parameter.sample?.base, environment[name] != nil { continue }
                guard succeeded.contains(source), let body = seen[sentKey(source)] else {
                    return "its sample for '\(parameter.name)' is what \(source) sent, which did not succeed"
                }
                switch path.path.flatMap({ body.value(at: $0) }) {
                case .string?, .number?, .bool?: continue
                default: return "its sample for '\(parameter.name)' is what \(source) sent, whose body has no value at \(path)"
                }
            }
            guard let (source, path, fallback) = parameter.sample?.seenSource, fallback == nil, source != endpoint.id else { continue }
            var variable = ""
            if case let .environmentOr(name, _)? = parameter.sample?.base {
                if environment[name] != nil { continue }
                variable = " ($\(name) is not set)"
            }
            guard let document = seen[source] ?? (succeeded.contains(source) ? .null : nil) else {
                return "its sample for '\(parameter.name)' comes from \(source)\(variable), which did not succeed"
            }
            let found = path.path.flatMap { document.value(at: $0) }
            switch found {
            case .string?, .number?, .bool?:
                continue
            default:
                return "its sample for '\(parameter.name)' comes from \(source)\(variable), whose answer has no value at \(path)"
            }
        }
        return nil
    }

    static func time(_ date: Date, _ format: Sample.TimeFormat) -> ParameterValue {
        switch format {
        case .epochSeconds: .int(Int64(date.timeIntervalSince1970.rounded(.down)))
        case .epochMilliseconds: .int(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
        case .iso8601: .string(ISO8601DateFormatter().string(from: date))
        }
    }

    private static func coerce(_ value: ParameterValue, to type: Parameter.ValueType) -> ParameterValue? {
        guard case let .string(text) = value else { return nil }
        switch type {
        case .int, .int64: return Int64(text).map(ParameterValue.int)
        case .double: return Double(text).map(ParameterValue.double)
        case .bool: return Bool(text).map(ParameterValue.bool)
        case .string: return value
        }
    }

    /// The endpoints whose answers `endpoint`'s samples read, other than itself.
    static func sources(of endpoint: AnyEndpoint, except given: Set<String> = []) -> Set<String> {
        Set(
            endpoint.sampledValues.compactMap { parameter in
                let source = parameter.sample?.seenSource?.endpoint ?? parameter.sample?.sentSource?.endpoint
                if let source, source != endpoint.id, !given.contains(parameter.name) {
                    return source
                }
                return nil
            })
    }

    /// Endpoints grouped so that each one's `.seen` sources, declared `after` and `orderedAfter`
    /// among them sit in an earlier group.
    static func levels(_ endpoints: [AnyEndpoint]) -> [[AnyEndpoint]] {
        let ids = Set(endpoints.map(\.id))
        var remaining = endpoints
        var placed: Set<String> = []
        var levels: [[AnyEndpoint]] = []
        while !remaining.isEmpty {
            var level = remaining.filter { $0.earlierIDs.intersection(ids).isSubset(of: placed) }
            // A cycle cannot be ordered: run the rest together, on fallbacks.
            if level.isEmpty { level = remaining }
            levels.append(level)
            placed.formUnion(level.map(\.id))
            remaining.removeAll { placed.contains($0.id) }
        }
        return levels
    }
}
