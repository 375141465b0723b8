import APICheck

extension ValueParser where Value == JSONPath {
    /// `$.datas.phone`, `$.datas[*].mail`, `$['odd key']`.
    static let jsonPath = ValueParser { text, option throws(UsageError) in
        guard let path = JSONPath(parsing: text), !path.components.isEmpty else {
            throw UsageError("--\(option) expects a JSONPath such as $.datas.phone or $.datas[*].mail, got '\(text)'")
        }
        return path
    }
}
