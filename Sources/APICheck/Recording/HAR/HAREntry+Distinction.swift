import Foundation

extension HAREntry {
    /// Whether the captured request meets a declared distinction, read as `serve` reads a live
    /// request: query names percent-decoded, header names without case, a body field from a JSON
    /// object's top level (a scalar, as text) or from a form.
    public func meets(_ distinction: Distinction) -> Bool {
        distinction.isMet(query: queryValue(named:), header: header(named:), bodyField: bodyField(named:))
    }

    /// The first value of a query parameter, from the URL, else from the exporter's list (some
    /// leave one of them out).
    private func queryValue(named name: String) -> String? {
        if let item = (components?.queryItems ?? []).first(where: { $0.name == name }) { return item.value ?? "" }
        return query.first { ($0.name.removingPercentEncoding ?? $0.name) == name }
            .map { $0.value.removingPercentEncoding ?? $0.value }
    }

    private func header(named name: String) -> String? {
        requestHeaders.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    private func bodyField(named name: String) -> String? {
        if let text = postText, let document = try? JSONParser.parse(Data(text.utf8)) {
            switch document[name] {
            case let .string(value)?: return value
            case let .number(value)?: return value
            case let .bool(flag)?: return String(flag)
            default: return nil
            }
        }
        let form = postText.map(Self.formFields(in:)) ?? []
        return (form.isEmpty ? postParams.map { ($0.name.removingPercentEncoding ?? $0.name, $0.value) } : form)
            .first { $0.name == name }?.value
    }

    /// `a=1&b=x+y` as decoded fields, a field without `=` with an empty value.
    static func formFields(in text: String) -> [Field] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (name: decoded(parts[0]), value: parts.count > 1 ? decoded(parts[1]) : "")
        }
    }
}
