import Foundation

/// Weibo's `created_at` layout, `Tue May 31 17:46:55 +0800 2011`, always in Beijing time. Written
/// by hand from calendar fields so that no locale or DateFormatter setting can change it.
enum WeiboDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let offset = 8 * 3600

    static func string(fromUnixSeconds seconds: Int64) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset)!
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        let c = calendar.dateComponents([.weekday, .month, .day, .hour, .minute, .second, .year], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        return "\(weekdays[(c.weekday ?? 1) - 1]) \(months[(c.month ?? 1) - 1]) \(two(c.day)) "
            + "\(two(c.hour)):\(two(c.minute)):\(two(c.second)) +0800 \(c.year ?? 1970)"
    }
}
