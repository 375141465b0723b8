import APICheck
import Foundation

/// Kinto's HTTP API (`kinto` from PyPI, `/v1/`), with its accounts plugin: HTTP Basic credentials
/// of an account made beforehand (KINTO_USER, KINTO_PASSWORD), a wrong password and none at all
/// both 401 with errno 104. No envelope around successes; errors are
/// `{"code": 404, "errno": 110, "error": "Not Found", "message": …}`, told apart by the numeric
/// `errno` (the message is often absent). Lists page by the `Next-Page` header, an absolute URL
/// with `_limit` and an opaque `_token`, missing on the last page. ETags are the `last_modified`
/// milliseconds in quotes: `If-None-Match` with the current one answers 304 with no body, an
/// `If-Match` with another 412 (errno 114) before anything is written.
/// The check reads the bucket `apicheck` and its collection `notes` (five records the caller
/// writes beforehand) and writes only in its collection `scratch`: it creates one record (201),
/// reads, updates and deletes it, so the collection is left as it was found.
public enum Kinto {
    static let bucket = Parameter.path("bucket", .string, sample: .literal("apicheck"))

    /// The server and its plugins; answers anyone.
    public static let info = Endpoint<ServerInfo>(
        id: "server.info", .get, "v1/", mock: "server_info")

    public static let buckets = Endpoint<Listing<Entry>>(
        id: "buckets.list", .get, "v1/buckets", mock: "buckets", auth: .token)

    public static let collections = Endpoint<Listing<Entry>>(
        id: "collections.list", .get, "v1/buckets/{bucket}/collections",
        parameters: [bucket], mock: "collections", auth: .token)

    /// Newest first, two at a time: the five notes are three pages.
    public static let notes = Endpoint<Listing<Note>>(
        id: "records.list", .get, "v1/buckets/{bucket}/collections/{collection}/records",
        parameters: [bucket, .path("collection", .string, sample: .literal("notes")), .query("_limit", .int, sample: .literal(2))],
        mock: "records", auth: .token,
        paging: .url(ids: "$.data[*].id", from: .header("Next-Page"), order: nil, size: "_limit", maxPages: 4, mustEnd: true))

    static let scratch = "v1/buckets/{bucket}/collections/scratch/records"
    static let created = Parameter.path("id", .string, sample: .seen(endpoint: "records.create", path: "$.data.id", fallback: nil))

    /// A record of the run's own, its title unique to the run.
    public static let create = Endpoint<NoteRecord>(
        id: "records.create", .post, scratch, parameters: [bucket], mock: "record_created", auth: .token, successStatus: 201,
        body: .json(NoteBody.self, inputs: [.input("title", .string, sample: .unique(prefix: "apicheck-"))]) { input in
            NoteBody(title: input.string("title"), n: 0)
        })

    /// The record just made; one that does not exist is 404 with errno 110. Its `ETag` is what a
    /// client sends back in `If-None-Match` and `If-Match`: the app reads it.
    public static let record = Endpoint<NoteRecord>(
        id: "records.get", .get, scratch + "/{id}", parameters: [bucket, created], mock: "record", auth: .token,
        errorChecks: [.scenario("not_found", status: 404, code: 110, inputs: ["id": "apicheck-nonexistent"])]
    ).answering(headers: "ETag")

    /// The same read with the ETag it answered: not modified since, so 304 and no body.
    public static let unchanged = Endpoint<NoContent>(
        id: "records.unchanged", .get, scratch + "/{id}",
        parameters: [bucket, created,
                     .header("If-None-Match", required: true,
                             sample: .seen(endpoint: "records.get", path: "$.data.last_modified", fallback: nil, template: "\"{}\""))],
        mock: "record_unchanged", auth: .token, successStatus: 304, distinguishedBy: .header("If-None-Match"))

    /// An update that holds only while nobody else wrote the record (`If-Match` with its ETag);
    /// with an ETag the record does not have, 412 errno 114, refused before anything is written.
    /// The check's stale ETag goes to a record that is not there: a record that is there adds
    /// itself to the answer (`details.existing`), and the delete may come first.
    public static let update = Endpoint<NoteRecord>(
        id: "records.update", .put, scratch + "/{id}",
        parameters: [bucket, created,
                     .header("If-Match", required: true,
                             sample: .seen(endpoint: "records.get", path: "$.data.last_modified", fallback: nil, template: "\"{}\""))],
        mock: "record_updated", auth: .token, after: ["records.unchanged"],
        body: .json(NoteBody.self, sample: NoteBody(title: "updated by apicheck", n: 1)),
        errorChecks: [.scenario("modified_meanwhile", status: 412, code: 114, inputs: ["id": "apicheck-nonexistent", "If-Match": "\"1\""],
                                 sent: .always)])

    /// The run's record goes: the collection is left as it was found.
    public static let delete = Endpoint<DeletedRecord>(
        id: "records.delete", .delete, scratch + "/{id}", parameters: [bucket, created], mock: "record_deleted", auth: .token,
        after: ["records.update"])

    public static let api = API(
        name: "kinto",
        envelope: .none,
        errors: ErrorShape(code: "$.errno", message: "$.message"),
        expired: [.status(401, code: 104)],
        auth: .basic(accountVariable: "KINTO_USER", passwordVariable: "KINTO_PASSWORD", missingToken: .deadToken),
        endpoints: [info, buckets, collections, notes, create, record, unchanged, update, delete])
}
