/// What the server learnt while answering one request, for the journal and the log line.
struct ServedRecord {
    var endpoint: String?
    var scenario: String?
    var problems: [String] = []
    /// What the answer was made from, when the same request line may be given it again.
    var replay: AnswerMemo.Stamp?
    /// What the answer was made from, when the same line, `Host` and credential may be given it
    /// again (and it is not kept by its line alone).
    var readReplay: ReadAnswerMemo.Stamp?
}
