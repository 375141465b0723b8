import APICheck
import Foundation
import HTTPServer

/// Checks a request against its endpoint's declared parameters: each required one present, each
/// value of its declared type, in its declared place (path, query, header, or a JSON or form
/// body). Undeclared extras are let through: clients send tokens and tracking fields.
public struct RequestValidator: Sendable {
    public let endpoint: AnyEndpoint
    /// How the API writes dates (`API.dates`): a typed body's are read so.
    public let dates: DateDecoding

    public init(endpoint: AnyEndpoint, dates: DateDecoding) {
        self.endpoint = endpoint
        self.dates = dates
    }

    /// The problems, empty when the request is valid; also the body's values, for the login's account.
    public func validate(_ request: ServerRequest, pathValues: [(name: String, value: String)]) -> (
        problems: [ValidationProblem], body: [String: JSONValue]
    ) {
        var problems: [ValidationProblem] = []
        let needsBody = endpoint.parameters.contains { $0.location == .body }
        var body: [String: JSONValue] = [:]
        let form = request.field("content-type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false
        if let declared = endpoint.requestBody {
            let (problem, document) = Self.typedBody(declared, of: request, dates: dates)
            if let problem { problems.append(problem) }
            if case let .object(members)? = document {
                body = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
            }
        } else if needsBody, !request.body.isEmpty {
            switch Self.bodyValues(of: request) {
            case let .success(values): body = values
            case let .failure(problem): problems.append(problem)
            }
        }
        for parameter in endpoint.parameters {
            if let style = parameter.list {
                problems += listProblems(parameter, style: style, request: request, pathValues: pathValues, body: body, form: form)
                continue
            }
            let given: ParameterValue?
            switch parameter.location {
            case .path: given = pathValues.first { $0.name == parameter.name }.map { .string($0.value) }
            case .query: given = request.queryValue(parameter.name).map { .string($0) }
            case .header: given = request.field(parameter.name.lowercased()).map { .string($0) }
            case .cookie: given = request.cookie(parameter.name).map { .string($0) }
            case .body: given = body[parameter.name].flatMap(Self.value(of:))
            }
            guard let given else {
                if parameter.required {
                    problems.append(
                        ValidationProblem(
                            name: parameter.name, location: parameter.location.rawValue,
                            reason: "is required (\(parameter.type.rawValue)) but missing"))
                }
                continue
            }
            if !Self.accepts(parameter, given, textual: parameter.location != .body || form) {
                let shown = parameter.secret ? Redactor.mask : "\"\(given.text)\""
                problems.append(
                    ValidationProblem(
                        name: parameter.name, location: parameter.location.rawValue,
                        reason: "expects \(parameter.expected), got \(given.kindName) \(shown)"))
            } else if let reason = Self.notAllowed(parameter, given) {
                problems.append(ValidationProblem(name: parameter.name, location: parameter.location.rawValue, reason: reason))
            }
        }
        return (problems, body)
    }

    /// A list parameter read as the client sends it (`ListStyle`): present when required, each
    /// item of the element type.
    private func listProblems(
        _ parameter: Parameter, style: ListStyle, request: ServerRequest,
        pathValues: [(name: String, value: String)], body: [String: JSONValue], form: Bool
    ) -> [ValidationProblem] {
        // A header's or cookie's list may have spaces after its commas (`3, 4`); a path's has none
        // but what its client encoded.
        let trims = parameter.location == .header || parameter.location == .cookie
        func split(_ text: String) -> [ParameterValue] {
            text.split(separator: ",").map { .string(trims ? $0.trimmingCharacters(in: .whitespaces) : String($0)) }
        }
        var items: [ParameterValue]?
        switch parameter.location {
        case .query: items = style.values(parameter.name, in: request.query)?.map { .string($0) }
        case .header: items = request.field(parameter.name.lowercased()).map(split)
        case .cookie: items = request.cookie(parameter.name).map(split)
        case .path: items = pathValues.first { $0.name == parameter.name }.map { split($0.value) }
        case .body:
            switch body[parameter.name] {
            case let .array(values)?: items = values.map { Self.value(of: $0) ?? .string($0.compactText) }
            case let value?: items = Self.value(of: value).map { [$0] }
            case nil: items = nil
            }
        }
        let textual = parameter.location != .body || form
        guard let items else {
            return parameter.required
                ? [
                    ValidationProblem(
                        name: parameter.name, location: parameter.location.rawValue,
                        reason: "is required ([\(parameter.type.rawValue)]) but missing")
                ] : []
        }
        return items.enumerated().compactMap { index, item in
            let name = "\(parameter.name)[\(index)]"
            guard !Self.accepts(parameter, item, textual: textual) else {
                return Self.notAllowed(parameter, item).map {
                    ValidationProblem(name: name, location: parameter.location.rawValue, reason: $0)
                }
            }
            let shown = parameter.secret ? Redactor.mask : "\"\(item.text)\""
            return ValidationProblem(
                name: name, location: parameter.location.rawValue,
                reason: "expects \(parameter.expected), got \(item.kindName) \(shown)")
        }
    }

    /// Why a value of the right type is none the parameter takes, or nil; compared as text, as
    /// the values are declared.
    private static func notAllowed(_ parameter: Parameter, _ value: ParameterValue) -> String? {
        guard let allowed = parameter.allowed, !allowed.contains(value.text), !parameter.isAcceptedEmpty(value.text) else { return nil }
        let shown = parameter.secret ? Redactor.mask : "\"\(value.text)\""
        return "expects one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")), got \(shown)"
    }

    /// Text from a path, query, header or form converts to the declared type; a JSON value must already be it.
    private static func accepts(_ parameter: Parameter, _ value: ParameterValue, textual: Bool) -> Bool {
        guard case let .string(text) = value, textual else {
            return parameter.accepts(value)
        }
        return parameter.parses(text) || parameter.isAcceptedEmpty(text)
    }

    private static func value(of json: JSONValue) -> ParameterValue? {
        switch json {
        case let .string(text): return .string(text)
        case let .bool(flag): return .bool(flag)
        case let .number(text): return Int64(text).map(ParameterValue.int) ?? Double(text).map(ParameterValue.double)
        case .null: return nil
        case .array, .object: return .string(json.compactText)
        }
    }

    /// A JSON object, or `application/x-www-form-urlencoded` pairs (as strings). Public for the
    /// proxy, which reads a range read's cursor from the body as serve does.
    public static func bodyValues(of request: ServerRequest) -> Result<[String: JSONValue], ValidationProblem> {
        let type = request.field("content-type")?.lowercased() ?? ""
        if type.hasPrefix("application/x-www-form-urlencoded") {
            var values: [String: JSONValue] = [:]
            for pair in String(decoding: request.body, as: UTF8.self).split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                func decode(_ text: Substring) -> String {
                    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
                }
                // A repeated field (or `name[]`) is a list, as a form sends one.
                var name = decode(parts[0])
                if name.hasSuffix("[]") { name.removeLast(2) }
                let value = JSONValue.string(parts.count > 1 ? decode(parts[1]) : "")
                switch values[name] {
                case let .array(items)?: values[name] = .array(items + [value])
                case let earlier?: values[name] = .array([earlier, value])
                case nil: values[name] = parts[0].hasSuffix("[]") || parts[0].hasSuffix("%5B%5D") ? .array([value]) : value
                }
            }
            return .success(values)
        }
        do throws(JSONParseError) {
            guard case let .object(members) = try JSONParser.parse(request.body) else {
                return .failure(ValidationProblem(name: "(body)", location: "body", reason: "expects a JSON object"))
            }
            return .success(Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }))
        } catch {
            return .failure(ValidationProblem(name: "(body)", location: "body", reason: "is not JSON: \(error.description)"))
        }
    }
}
