/// The README of a package `apicheck init` writes: what is in it, the next commands, and why the
/// first build takes a while.
struct PackageReadme {
    let settings: PackageSettings

    var text: String {
        let account = settings.accountVariable, password = settings.passwordVariable
        let module = settings.moduleName, type = settings.typeName
        // A Basic API's serve takes the pair `live` sends, from the same variables.
        let serveCommand =
            settings.auth == .basic
            ? "\(account)=ann@example.com \(password)=any .build/debug/apicheck serve "
            : ".build/debug/apicheck serve     "
        return """
            # \(settings.name)

            The \(settings.name) API's contract, declared once in Swift, with its own `apicheck` over it
            (written by `apicheck init --template \(settings.template.rawValue)`).

            | path | what it is |
            |---|---|
            | `Sources/\(module)/\(type).swift` | the endpoints and the API: base URLs, envelope, auth |
            | `Sources/\(module)/*.swift` | the decode types (`Decodable, Sendable`) |
            | `mocks/` | one JSON body per endpoint, and `@logout`/`@expired` variants for the token endpoint |
            | `Sources/apicheck/main.swift` | the command line over these declarations |

            \(settings.template.answersDescription)
            \(settings.auth.readmeDescription(settings))

            ## Next

            ```sh
            swift build                       # the first build takes minutes: see below
            .build/debug/apicheck list        # the declared endpoints
            .build/debug/apicheck mocks       # the mocks checked offline: they parse, decode, have their variants
            \(serveCommand)&     # the mocks as a server on \(settings.localURL.absoluteString)
            \(account)=ann@example.com \(password)=any .build/debug/apicheck live --env local
            kill %1
            \(account)=... \(password)=... .build/debug/apicheck live --env staging   # the real server
            ```

            Then declare your own endpoints in `Sources/\(module)/\(type).swift`, put their answers
            in `mocks/` (or let `apicheck record` write them from the server), and run `apicheck mocks`
            until it exits 0. `apicheck help COMMAND` explains each command; `apicheck completion
            bash|zsh|fish` prints shell completions.

            ## The first build

            The first `swift build` compiles apicheck itself from source before your declarations: its
            core, its libcurl client, its libmicrohttpd mock server and its command line, some 250
            files. That takes minutes: 3 to 6 on a busy 2-core machine, less with more cores. Later
            builds compile only what changed: after editing the declarations, seconds. On Linux it
            needs the `libcurl4-openssl-dev` and `libmicrohttpd-dev` packages (`ci/bootstrap` in the
            apicheck checkout installs them).

            """
    }
}
