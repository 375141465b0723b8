import APICheck
import Foundation

/// `apicheck init DIR`: a new package with its own `apicheck` over an API of its own, ready to
/// build, list, check its mocks, serve them and check them live.
struct InitCommand: Command {
    static let name = "init"
    static let abstract = "Write a new package declaring an API of your own: example endpoints, mocks, a CLI."
    static let arguments = [CommandArgument(name: "DIR", help: "the folder to write the package into (made if missing)")]

    static let packageName = Option.optional(
        "name", "NAME", shownDefault: "the folder's name",
        help: "the package's and the API's name", parse: .text)
    static let baseURL = Option.value(
        "base-url", "URL", default: PackageSettings.defaultBaseURL,
        help: "the staging server's base URL", parse: .baseURL)
    static let dependency = Option.optional(
        "dependency", "PATH_OR_URL", shownDefault: "the checkout this tool was built from",
        help: "where the new package gets the libraries it builds on: a folder, or a git URL", parse: .text
    )
    .completing(.directories)
    static let template = Option.value(
        "template", "NAME", default: PackageTemplate.enveloped,
        help: "plain (JSON answers as they are) or enveloped ({code, message, data})",
        parse: .template
    )
    .completing(.choices(PackageTemplate.allCases.map(\.rawValue)))
    static let auth = Option.value(
        "auth", "KIND", default: PackageAuth.login,
        help: "login (a login answers a Bearer token) or basic (HTTP Basic credentials on every call)",
        parse: .auth
    )
    .completing(.choices(PackageAuth.allCases.map(\.rawValue)))
    static let force = Option.flag("force", help: "write into a folder that is not empty, replacing the package's files")
    static let options: [any OptionDeclaration] = [packageName, baseURL, dependency, template, auth, force]
    static let exitCodes: String? = "0 written; 2 usage error, a folder that is not empty, or a file that cannot be written"

    static func discussion(tool: String) -> String {
        """
        Writes a Swift package: Package.swift with a command line of its own over this package
        (by path to the checkout \(tool) was built from, unless --dependency says otherwise),
        a contracts target declaring an API with a login (none with --auth basic) and two example
        endpoints, one called without credentials and one with, their decode types, mocks with the variants the
        declarations call for, main.swift, .gitignore and a README with the next commands.
        Then: cd DIR && swift build, and run the new tool from .build/debug/.
        """
    }

    let context: CommandContext
    let folder: URL
    let settings: PackageSettings
    let force: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        folder = URL(fileURLWithPath: arguments.positionals[0], relativeTo: context.workingDirectory).standardizedFileURL
        let dependency = try PackageDependency.chosen(try arguments[Self.dependency], context: context)
        var settings = try PackageSettings(
            name: try arguments[Self.packageName] ?? folder.lastPathComponent,
            baseURL: try arguments[Self.baseURL], dependency: dependency,
            template: try arguments[Self.template])
        settings.auth = try arguments[Self.auth]
        try settings.checkTypeName()
        self.settings = settings
        force = try arguments[Self.force]
    }

    func run() async throws -> ExitCode {
        let files = PackageFiles(settings: settings).all
        do {
            try PackageWriter(folder: folder, force: force).write(files)
        } catch {
            throw CommandFailure(error.description)
        }
        // The folder as typed may hold anything: shown escaped, so no part of it starts a line.
        let shown = DisplayText.escaped(folder.path)
        context.console.out(
            """
            wrote the \(settings.name) package (\(settings.template.rawValue) template, \(files.count) files) in \(shown)
            next:
              cd \(shown)
              swift build                    # the first build compiles apicheck too: minutes
              .build/debug/apicheck mocks
              .build/debug/apicheck list
            """)
        return .success
    }
}

extension ValueParser where Value == URL {
    /// An http(s) URL with a host; a `/` is added at the end when missing.
    static let baseURL = ValueParser { text, option throws(UsageError) in
        try TargetOptions.parseBaseURL(text, from: "--\(option)")
    }
}

extension ValueParser where Value == PackageTemplate {
    static let template = ValueParser { text, option throws(UsageError) in
        guard let template = PackageTemplate(rawValue: text) else {
            throw UsageError(
                "--\(option) expects one of: \(PackageTemplate.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'")
        }
        return template
    }
}

extension ValueParser where Value == PackageAuth {
    static let auth = ValueParser { text, option throws(UsageError) in
        guard let auth = PackageAuth(rawValue: text) else {
            throw UsageError("--\(option) expects one of: \(PackageAuth.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'")
        }
        return auth
    }
}
