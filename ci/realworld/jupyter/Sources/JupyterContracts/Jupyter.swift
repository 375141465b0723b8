import APICheck
import Foundation

/// The REST API of Jupyter Server (the `jupyter_server` package from PyPI, `/api/`): no envelope,
/// a token issued beforehand (the server's `--IdentityProvider.token`) sent as
/// `Authorization: token <TOKEN>` from JUPYTER_TOKEN. A wrong token and no token at all get the same
/// answer, HTTP 403 `{"message": "Forbidden", "reason": null}`; `api` (the version) answers
/// anyone. Errors carry a message and a `reason` that is mostly null: no code to declare an error
/// shape with, so none is declared (a 403 is told by its status alone). Only reads: nothing here
/// starts a kernel or writes a file (`api/contents/{path}/checkpoints` is left out: listing them
/// makes a folder).
public enum Jupyter {
    /// The server's version; needs no token.
    public static let version = Endpoint<Version>(
        id: "version", .get, "api", mock: "version")

    public static let status = Endpoint<ServerStatus>(
        id: "status", .get, "api/status", mock: "status", auth: .token)

    /// Who the token is, and which of the asked permissions it has: `permissions` is a JSON object
    /// of resource to actions, sent as one query parameter.
    public static let me = Endpoint<Me>(
        id: "me", .get, "api/me",
        parameters: [.query("permissions", .string,
                            sample: .literal(#"{"contents":["read","write"],"kernels":["execute"]}"#))],
        mock: "me", auth: .token)

    /// Kernel specs by name (data, not field names); the check's spec is a file it writes, never
    /// started.
    public static let kernelSpecs = Endpoint<KernelSpecs>(
        id: "kernelspecs", .get, "api/kernelspecs", mock: "kernelspecs", auth: .token)

    public static let kernelSpec = Endpoint<KernelSpec>(
        id: "kernelspecs.show", .get, "api/kernelspecs/{name}",
        parameters: [.path("name", .string, sample: .literal("apicheck"))],
        mock: "kernelspec", auth: .token)

    /// The root folder's listing: entries without their content.
    public static let root = Endpoint<Directory>(
        id: "contents.root", .get, "api/contents", mock: "contents_root", auth: .token)

    /// A text file with its content; its path comes from the root listing.
    public static let file = Endpoint<FileModel>(
        id: "contents.file", .get, "api/contents/{path}",
        parameters: [.path("path", .string, sample: .seen(endpoint: "contents.root", path: "$.content[0].path",
                                                           fallback: .string("apicheck.txt")))],
        mock: "contents_file", auth: .token)

    public static let sessions = Endpoint<[Session]>(
        id: "sessions", .get, "api/sessions", mock: "sessions", auth: .token)

    public static let kernels = Endpoint<[Kernel]>(
        id: "kernels", .get, "api/kernels", mock: "kernels", auth: .token)

    public static let api = API(
        name: "jupyter",
        envelope: .none,
        expired: [.status(403)],
        auth: .preIssued(variable: "JUPYTER_TOKEN", placement: .scheme("token"), missingToken: .deadToken),
        endpoints: [version, status, me, kernelSpecs, kernelSpec, root, file, sessions, kernels])
}
