/// The steps of a plan whose prerequisites are all over, taken in plan order: a binary min-heap
/// of step ids, so that starting a step costs a logarithm, not a scan of the steps still waiting.
struct ReadySteps {
    private var heap: [LiveStep.ID] = []

    var isEmpty: Bool { heap.isEmpty }

    mutating func insert(_ id: LiveStep.ID) {
        heap.append(id)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child] < heap[parent] else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// The earliest ready step in plan order, removed.
    mutating func popFirst() -> LiveStep.ID? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left] < heap[smallest] { smallest = left }
            if right < heap.count, heap[right] < heap[smallest] { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
