/// "Did you mean": the smallest Damerau–Levenshtein distance, within a bound that grows with
/// the word, so a short word is not "corrected" into an unrelated one.
enum NearestSpelling {
    /// The closest candidate, the first on a tie; case is ignored.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased())
        let bound = allowedDistance(forLength: typed.count)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate.lowercased() != word.lowercased() {
            let distance = self.distance(typed, Array(candidate.lowercased()))
            if distance <= bound, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// One edit in words of up to 4 letters (`lsit` → `list`), two up to 8, three beyond.
    static func allowedDistance(forLength length: Int) -> Int {
        max(1, min(3, (length + 3) / 4))
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows are enough: a swap looks two rows back.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
