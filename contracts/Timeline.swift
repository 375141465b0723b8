/// A page of the home timeline, paginated by id: `since_id` is the newest id returned, `max_id`
/// the oldest minus one.
public struct Timeline: Codable, Sendable, Equatable {
    public var statuses: [Status]
    public var sinceID: Int64
    public var maxID: Int64
    public var totalNumber: Int

    enum CodingKeys: String, CodingKey {
        case statuses
        case sinceID = "since_id"
        case maxID = "max_id"
        case totalNumber = "total_number"
    }
}
