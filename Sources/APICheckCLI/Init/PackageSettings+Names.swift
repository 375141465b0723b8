import Foundation

extension PackageSettings {
    /// Refuses a name whose Swift type (`API` for `api`, `String`, `Endpoint`, a decode type the
    /// package declares) is one the package's own sources already use: the package would not
    /// compile. The names are read from the sources written for a placeholder name, so the list
    /// follows the templates; Swift's keywords and the modules imported are refused as well.
    func checkTypeName() throws(UsageError) {
        var placeholder = self
        placeholder.name = "zqxplaceholder"
        var taken = Self.keywords
        for file in PackageFiles(settings: placeholder).all where file.path.hasSuffix(".swift") {
            for identifier in Self.identifiers(in: file.text) where !identifier.lowercased().contains("zqxplaceholder") {
                taken.insert(identifier)
            }
        }
        if taken.contains(typeName) {
            throw UsageError(
                "the name '\(name)' makes the Swift type \(typeName), which the package's own code already uses "
                    + "(a type of the library, of Swift or of the package, or a keyword); give another --name")
        }
    }

    /// Swift's keywords and the modules a package imports, in the case a type name would have.
    static let keywords: Set<String> = [
        "Any", "Self", "Type", "Protocol", "Swift", "Foundation", "APICheck", "APICheckCLI",
        "Never", "Void", "Optional", "Sendable", "Codable", "Decodable", "Encodable", "Error",
    ]

    /// Every word of `text` that could name a type: a letter or `_` followed by letters, digits and `_`.
    static func identifiers(in text: String) -> Set<String> {
        var found: Set<String> = [], current = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar == "_" || (!current.isEmpty && ("0"..."9").contains(scalar)) {
                current.unicodeScalars.append(scalar)
            } else {
                if let first = current.unicodeScalars.first, first.properties.isUppercase { found.insert(current) }
                current = ""
            }
        }
        if let first = current.unicodeScalars.first, first.properties.isUppercase { found.insert(current) }
        return found
    }
}
