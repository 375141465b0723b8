import Foundation

/// `--name value` pairs after the subcommand; every option has a default, so none is required.
struct Options {
    private var values: [String: String] = [:]

    init(_ arguments: [String]) throws(BenchError) {
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard name.hasPrefix("--"), let value = rest.popFirst() else {
                throw BenchError("expected --name value, got '\(name)'")
            }
            values[String(name.dropFirst(2))] = value
        }
    }

    func int(_ name: String, default fallback: Int) throws(BenchError) -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text), value > 0 else { throw BenchError("--\(name) expects a positive integer, got '\(text)'") }
        return value
    }

    func ints(_ name: String, default fallback: [Int]) throws(BenchError) -> [Int] {
        guard let text = values[name] else { return fallback }
        let parsed = text.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
        guard !parsed.isEmpty else { throw BenchError("--\(name) expects positive integers separated by commas") }
        return parsed
    }

    func string(_ name: String) -> String? { values[name] }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
