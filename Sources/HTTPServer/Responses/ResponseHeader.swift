internal import CMicroHTTPD

/// A header added to a libmicrohttpd response, which copies it. The name and value reach C
/// through `withCString`: passing a `String` where a C string is expected makes a copy of it on
/// the heap first, two allocations per header of every answer for nothing.
enum ResponseHeader {
    @discardableResult
    static func add(_ field: (name: String, value: String), to response: OpaquePointer) -> Bool {
        field.name.withCString { name in
            field.value.withCString { value in MHD_add_response_header(response, name, value) == .YES }
        }
    }
}
