/// One file of an imported package, as a path relative to the package's folder and its text.
public struct ImportedFile: Sendable, Equatable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
