/// An API declared by a file a tool rewrites (what `import-openapi` writes), with a place for the
/// changes its users make that outlive the rewrite: the generated declaration is
/// `static let api = adjusted(API(...))`, and `adjusted(_:)` is the API as declared unless a file
/// of the package's own says otherwise.
///
/// ```swift
/// // Sources/KintoContracts/Kinto+Adjusted.swift: never written by the import
/// extension Kinto {
///     public static func adjusted(_ api: API) -> API {
///         var api = api.changingEndpoint("get_records") {
///             $0.paged(.url(ids: "$.data[*].id", from: .header("Next-Page"), order: nil, size: "_limit"))
///         }
///         api.expired = []
///         return api
///     }
/// }
/// ```
public protocol AdjustedAPI {
    /// The API as the package means it, from the API as it was declared.
    static func adjusted(_ api: API) -> API
}

extension AdjustedAPI {
    public static func adjusted(_ api: API) -> API { api }
}
