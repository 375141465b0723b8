import Foundation

/// A request's `Accept`: its media ranges with their weights (RFC 9110 §12.5.1). Whether a client
/// asked for JSON depends on the weights: a browser's `text/html, */*;q=0.8` takes JSON, but asks
/// for the page.
public struct AcceptHeader: Sendable {
    public struct Range: Sendable, Equatable {
        public var type: MediaType
        /// The `q` weight, 0 to 1; 1 when not given.
        public var quality: Double
    }

    public let ranges: [Range]

    public init(_ value: String) {
        ranges = value.split(separator: ",").compactMap { item in
            let parts = item.split(separator: ";")
            guard let first = parts.first, let type = MediaType(String(first)) else { return nil }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                // A weight that cannot be read is left at 1, as a server that ignores it would.
                if pair.count == 2, pair[0].lowercased() == "q", let given = Double(pair[1]) { quality = min(max(given, 0), 1) }
            }
            return Range(type: type, quality: quality)
        }
    }

    /// The weight given to `type`: that of the most specific range that matches it (the type
    /// itself, then `type/*`, then `*/*`); 0 when none does.
    public func quality(of type: MediaType) -> Double {
        let major = type.essence.prefix { $0 != "/" }
        for matches in [{ $0 == type.essence }, { $0 == "\(major)/*" }, { $0 == "*/*" }] as [(String) -> Bool] {
            let weights = ranges.filter { matches($0.type.essence) }.map(\.quality)
            if let best = weights.max() { return best }
        }
        return 0
    }

    /// The weight of JSON: of `application/json`, of each type in `declared` (the endpoint's own
    /// JSON type) and of each JSON type the header names, the highest.
    public func jsonQuality(declared: [MediaType] = []) -> Double {
        let named = ranges.map(\.type).filter { $0.isJSON && !$0.isRange }
        let candidates = [MediaType("application/json")].compactMap { $0 } + declared + named
        return candidates.map(quality(of:)).max() ?? 0
    }

    /// Whether the client takes JSON at all: not `text/plain`, not `application/json;q=0`. An
    /// empty header takes anything.
    public func admitsJSON(declared: [MediaType] = []) -> Bool {
        ranges.isEmpty || jsonQuality(declared: declared) > 0
    }

    /// Whether the client asked for JSON: it takes it, and weighs no type it names that is not
    /// JSON (`text/html`, `image/*`) above it. `*/*` and `application/*` are no preference for
    /// another type.
    public func prefersJSON(declared: [MediaType] = []) -> Bool {
        guard !ranges.isEmpty else { return true }
        let json = jsonQuality(declared: declared)
        let other =
            ranges.filter { !$0.type.isJSON && $0.type.essence != "*/*" && $0.type.essence != "application/*" }
            .map(\.quality).max() ?? 0
        return json > 0 && json >= other
    }
}
