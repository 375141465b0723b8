/// Operations the import declares in one document and leaves out in the other, their answer's
/// reference leading nowhere (`SuccessAnswer.omission`): the package gains or loses an endpoint on
/// re-import; and error answers the import declares something of.
extension OpenAPIComparison {
    /// Whether the import declares something of an answer other than the success: another
    /// success status always (`alsoSucceeding(with:)`); an error answer a mock of each of its examples
    /// (a scenario). One without examples declares nothing of the operation (its error reads
    /// through the API's error shape whatever its status), so its status added or removed is no
    /// change of the client: `apicheck openapi` writes the statuses of the mocks, the dead token
    /// and the error checks, never a status the package has nothing of.
    static func declaresSomething(ofAnswer key: String, _ answer: JSONValue, in source: OpenAPISource) -> Bool {
        guard ImportedErrorAnswer.status(ofKey: key) != nil else { return true }
        return OpenAPISource.members(source.resolve(answer)?["content"]).contains { media in
            media.value["example"] != nil || !OpenAPISource.members(media.value["examples"]).isEmpty
        }
    }

    /// The change when the import declares the operation from one document only; nil when it
    /// declares it from both (compared part by part) or from neither (none of the package's).
    static func declarationChange(_ subject: String, old: SuccessAnswer?, new: SuccessAnswer?) -> OpenAPIChange? {
        if let old, let omission = old.omission {
            return new?.omission == nil ? declarable(subject, key: old.key, was: omission) : nil
        }
        if let new, let omission = new.omission { return undeclarable(subject, key: new.key, now: omission) }
        return nil
    }

    /// An operation the import left out whose newer answer it can declare: the package gains an
    /// endpoint on re-import, and the client has nothing to compare.
    private static func declarable(_ subject: String, key: String, was omission: SuccessAnswer.Omission) -> OpenAPIChange {
        OpenAPIChange(
            .operationAdded, breaking: false, subject: subject, part: "response \(key)",
            "its answer's reference now leads to an answer (it led nowhere the import reads, so the package does not declare the operation): re-importing declares it"
        )
    }

    /// An operation the package declares whose newer answer the import cannot declare: re-importing
    /// removes its endpoint.
    private static func undeclarable(_ subject: String, key: String, now omission: SuccessAnswer.Omission) -> OpenAPIChange {
        OpenAPIChange(
            .operationRemoved, breaking: true, subject: subject, part: "response \(key)",
            "its answer's reference now leads nowhere the import reads: re-importing leaves the operation out, and the client's endpoint has no counterpart"
        )
    }
}
