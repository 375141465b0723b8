import APICheck
import Foundation
import YAMLReader

/// `apicheck import-openapi DOC --output DIR`: an OpenAPI 3.0/3.1 or Swagger 2.0 document (a file,
/// or an http(s) URL fetched as `live` calls a server) into a package like the one `init` writes — its declarations, types and mocks made from the document — that builds and
/// runs as written. What the document holds that the package does not declare, and each mock made
/// up, is listed on stderr.
struct ImportOpenAPICommand: Command {
    static let name = "import-openapi"
    static let abstract =
        "Write a package declaring the API an OpenAPI 3.x or Swagger 2.0 document (JSON or YAML) describes: types, endpoints, mocks."
    static let arguments = [
        CommandArgument(
            name: "DOC", help: "the OpenAPI 3.0/3.1 or Swagger 2.0 document: a JSON or YAML file, or an http(s) URL",
            declaredCompletion: .files)
    ]

    static let output = Option.optional(
        "output", "DIR", help: "the folder to write the package into (made if missing); required",
        parse: .text)
    static let packageName = Option.optional(
        "name", "NAME", shownDefault: "the output folder's name",
        help: "the package's and the API's name", parse: .text)
    static let baseURL = Option.optional(
        "base-url", "URL", shownDefault: "the document's first server",
        help: "the staging server's base URL", parse: .baseURL)
    static let force = Option.flag("force", help: "write into a folder that is not empty, replacing the package's files")
    static let header = Option.repeated(
        "header", "'NAME: VALUE'",
        help: "a header sent when DOC is a URL; 'env:VAR' in the value is read from $VAR (a token)",
        parse: .text)
    static let tokenHeader = Option.optional(
        "token-header", "'NAME[: PREFIX]'",
        help:
            "every operation sends a token issued beforehand ($<NAME>_TOKEN) in this header, e.g. 'Authorization: token', whatever the document's security says",
        parse: .text)
    static let replaceEdited = Option.flag(
        "replace-edited",
        help: "with --force: replace or remove generated files edited since the previous import (refused otherwise; a mock is kept)")
    static let check = Option.flag(
        "check",
        help:
            "write nothing: list what DOC changed since the package in --output was imported, each breaking for its client or not; exit 1 on a breaking one"
    )
    static let json = Option.flag("json", help: "with --check: the changes as JSON")
    static let options: [any OptionDeclaration] =
        [output, packageName, InitCommand.dependency, baseURL, tokenHeader, force, replaceEdited, check, json, header]
        + ConnectionOptions.fetching
    static let exitCodes: String? =
        "0 written (what was not mapped is listed on stderr), or with --check no breaking change; 1 with --check, a breaking change; 2 usage error, a document that cannot be read or fetched, a folder that is not empty, a package that records no imported document"

    static func discussion(tool: String) -> String {
        """
        Writes a Swift package as '\(tool) init' does (Package.swift over this package, its own
        apicheck, a contracts module, mocks/), its declarations made from the document: a Codable
        type per schema, an endpoint per operation grouped by tag, the first server as the staging
        environment, the security scheme as the auth policy, and a success mock per operation from
        its example (else made from the schema). Reads JSON and YAML (libyaml); a Swagger 2.0
        document is converted to OpenAPI 3.0 first. A URL is fetched once, as live calls a server
        (--timeout, --max-body, TLS); a relative server URL is taken relative to it. Every part of
        the document not declared, and every mock made up, is listed on stderr.
        Then: cd DIR && swift build, and run the new tool from .build/debug/.
        The package keeps the document it was made from (.apicheck-import.openapi.json): with
        --check, DIR is not written; DOC is compared with that one and each difference listed
        (operations, parameters, bodies, fields, types, required-ness, nullability, enum values,
        statuses), breaking when the generated client fails against a server that follows DOC.
        \(ConnectionOptions.tlsDiscussion)
        """
    }

    let context: CommandContext
    let document: OpenAPIDocumentSource
    let connection: ConnectionOptions
    let headers: [(name: String, value: String)]
    let folder: URL
    let settings: PackageSettings
    let baseURL: URL?
    let force: Bool
    let tokenHeader: TokenHeader?
    let check: Bool
    let replaceEdited: Bool
    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        document = try OpenAPIDocumentSource(arguments.positionals[0], workingDirectory: context.workingDirectory)
        connection = try ConnectionOptions(fetching: arguments, context: context)
        headers = try arguments[Self.header].map { try OpenAPIDocumentSource.header($0, environment: context.environment) }
        if case .file = document, !headers.isEmpty { throw UsageError("--header is for a document given by URL") }
        guard let output = try arguments[Self.output] else {
            throw UsageError("missing --output DIR: the folder to write the package into")
        }
        folder = URL(fileURLWithPath: output, relativeTo: context.workingDirectory).standardizedFileURL
        let dependency = try PackageDependency.chosen(try arguments[InitCommand.dependency], context: context)
        baseURL = try arguments[Self.baseURL]
        settings = try PackageSettings(
            name: try arguments[Self.packageName] ?? folder.lastPathComponent,
            baseURL: baseURL ?? OpenAPIImport.fallbackBaseURL, dependency: dependency, template: .plain)
        force = try arguments[Self.force]
        check = try arguments[Self.check]
        replaceEdited = try arguments[Self.replaceEdited]
        json = try arguments[Self.json]
        if json, !check { throw UsageError("--json is for --check") }
        if check, force { throw UsageError("--check writes nothing: --force does not go with it") }
        if let given = try arguments[Self.tokenHeader] {
            guard let header = TokenHeader(parsing: given) else {
                throw UsageError(
                    "--token-header '\(DisplayText.escaped(given))': expected a header name, then ': ' and the word before the token if any"
                )
            }
            tokenHeader = header
        } else {
            tokenHeader = nil
        }
    }

    /// JSON when the text starts as JSON does (`{`), else YAML through libyaml (a superset of
    /// JSON, but the JSON parser keeps numbers' exact text and says where JSON breaks).
    static func read(_ data: Data) throws -> JSONValue {
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return try OpenAPIImport.parse(data) }
        return try YAMLDocument.parse(data)
    }

    func run() async throws -> ExitCode {
        let data = try await document.read(connection: connection, headers: headers)
        let importer = OpenAPIImport(
            settings: .init(
                name: settings.name, typeName: settings.typeName, moduleName: settings.moduleName,
                variablePrefix: settings.variablePrefix, baseURL: baseURL,
                documentURL: document.documentURL, tokenHeader: tokenHeader))
        let (given, bundleNotes, unread) = try await document.parsed(data, connection: connection, headers: headers)
        if check {
            for line in ImportNotes(notes: bundleNotes).lines { context.note(line) }
            return try compare(given, importer: importer, unread: unread)
        }
        var result: OpenAPIImport.Result
        do {
            result = try importer.run(given)
        } catch {
            throw CommandFailure("\(document.shown): \(error)")
        }
        result.notes = bundleNotes + result.notes
        let written = PackageFiles(settings: settings)
        var files =
            [
                PackageFiles.File(path: "Package.swift", text: written.manifest),
                PackageFiles.File(path: "Sources/apicheck/main.swift", text: written.main),
                PackageFiles.File(path: ".gitignore", text: ".build/\n.swiftpm/\n/*.xcodeproj\n"),
            ] + result.files.map { PackageFiles.File(path: $0.path, text: $0.text) }
        files.append(PackageFiles.File(path: ImportManifest.documentPath, text: result.document.prettyText + "\n"))
        let notes = ImportNotes(notes: result.notes)
        files.append(notes.file)
        files.append(ImportManifest.file(listing: files))
        let manifest = ImportManifest(folder: folder)
        let previous = manifest.previous()
        var edited = manifest.edited(previous)
        // A mock changed since the import wrote it was most often recorded from the server
        // (`apicheck record`), and its name is its endpoint's: it cannot move to a file of the
        // user's own. Kept as it is, listed as the import's still (so that a later import keeps
        // it again), unless --replace-edited says to lose it.
        let keptMocks = replaceEdited ? [] : edited.filter(ImportManifest.isMock)
        edited.removeAll(where: ImportManifest.isMock)
        if !edited.isEmpty, !replaceEdited {
            throw CommandFailure(
                """
                \(folder.path): the previous import's \(edited.joined(separator: ", ")) changed since it wrote them, and this \
                import would replace or remove them: nothing written. Move your edits into files of your own (extensions in \
                new files, scenario mocks beside the generated ones), then import again; or give --replace-edited to lose them
                """)
        }
        do {
            try PackageWriter(folder: folder, force: force).write(files.filter { !keptMocks.contains($0.path) })
        } catch {
            throw CommandFailure(error.description)
        }
        let lines = notes.lines
        for line in lines { context.note(line) }
        for path in keptMocks {
            context.note(
                "kept \(path): changed since the previous import wrote it (recorded or edited); '\(context.tool) mocks' "
                    + "says whether it still decodes, --replace-edited replaces it")
        }
        for path in manifest.removeStale(keeping: Set(files.map(\.path) + keptMocks), previous: previous) {
            context.console.out("removed \(path): the previous import wrote it, this document has no such part")
        }
        var title: String?
        if case let .string(text)? = result.document["info"]?["title"] { title = text }
        context.console.out(
            """
            wrote the \(settings.name) package from \(document.name(title: title)) (\(result.endpointCount) endpoints, \
            \(result.typeCount) types, \(files.count) files) in \(folder.path); \(result.notes.count) notes, \
            \(lines.count == result.notes.count ? "each" : "in \(lines.count) lines") on stderr and each in \(ImportNotes.path)
            next:
              cd \(folder.path)
              swift build                    # the first build compiles apicheck too: minutes
              .build/debug/apicheck mocks
              .build/debug/apicheck list
            \(Self.liveLines(result))
            """)
        return .success
    }

    /// The "next:" lines that run live: the reads first when the package declares writes, which
    /// a plain run sends to the server with bodies made from the schemas.
    static func liveLines(_ result: OpenAPIImport.Result) -> String {
        let url = Redactor.withoutQuery(result.baseURL)
        guard result.writeCount > 0 else {
            return "  .build/debug/apicheck live --env staging   # calls \(url); --base-url URL instead for another"
        }
        let theReads = result.readCount == 1 ? "the 1 read" : "the \(result.readCount) reads"
        let writes = result.writeCount == 1 ? "the 1 write" : "the \(result.writeCount) writes"
        return """
              .build/debug/apicheck live --env staging --reads-only   # \(theReads) first, on \(url); --base-url URL instead for another
              .build/debug/apicheck live --env staging                # then all: \(writes) (POST, PUT, PATCH, DELETE) change the server's data
            """
    }

    /// `--check`: the document the package was imported from against this one; nothing written.
    /// A document some of whose references could not be read compares as one without what they
    /// hold: its changes may be the reading's, so they are listed and the check ends as a document
    /// that could not be fetched does (2), neither passed nor failed by them.
    private func compare(_ given: JSONValue, importer: OpenAPIImport, unread: [String]) throws -> ExitCode {
        let recorded = folder.appendingPathComponent(ImportManifest.documentPath)
        guard let previousData = try? Data(contentsOf: recorded) else {
            throw CommandFailure(
                """
                \(folder.path) holds no \(ImportManifest.documentPath), the document a package records when \
                import-openapi writes it: it is no imported package, or one imported before the document was kept; \
                import the document it was made from again with --force, then --check the newer one
                """)
        }
        let old: JSONValue
        let new: JSONValue
        do {
            old = try OpenAPIImport.parse(previousData)
        } catch {
            throw CommandFailure("\(recorded.path): \(error)")
        }
        do {
            new = try importer.openAPIDocument(given)
        } catch {
            throw CommandFailure("\(document.shown): \(error)")
        }
        let report = ImportCheckReport(
            changes: OpenAPIComparison(old: old, new: new, variablePrefix: importer.settings.variablePrefix).changes(),
            package: folder.path, document: document.shown)
        context.console.out(json ? report.json : report.text)
        guard !unread.isEmpty, !report.changes.isEmpty else { return report.breaking.isEmpty ? .success : .violated }
        let listed = unread.prefix(3).joined(separator: ", ") + (unread.count > 3 ? " and \(unread.count - 3) more" : "")
        throw CommandFailure(
            "\(unread.count) document\(unread.count == 1 ? "" : "s") the references of \(document.shown) lead to could not be read "
                + "(\(listed)): the changes above may be what they hold, not what changed; check again where they can be read")
    }
}
