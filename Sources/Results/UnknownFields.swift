import Foundation

extension ResultsFile {
    /// The fields of a results document that this build's model does not read, so a rewrite of the run (a `merge`)
    /// would drop them: a file from a newer FrameBudget, or one edited by hand. Paths as `benchmarks[].newField`, in
    /// order, each once. A field set to null is not counted (the model writes nothing for an absent value).
    /// - Parameters:
    ///   - data: the document as read.
    ///   - run: what this build decoded from it.
    public static func fieldsNotRead(in data: Data, decodedAs run: RunResults) -> [String] {
        guard let original = try? JSONSerialization.jsonObject(with: data),
              let kept = try? JSONSerialization.jsonObject(with: encoder().encode(run)) else { return [] }
        var found: [String] = []
        collectFieldsNotRead(original, kept, path: "", into: &found)
        var seen = Set<String>()
        return found.filter { seen.insert($0).inserted }
    }

    private static func collectFieldsNotRead(_ original: Any, _ kept: Any, path: String, into found: inout [String]) {
        if let object = original as? [String: Any], let keptObject = kept as? [String: Any] {
            for key in object.keys.sorted() where !(object[key] is NSNull) {
                let child = path.isEmpty ? key : "\(path).\(key)"
                guard let keptValue = keptObject[key] else { found.append(child); continue }
                collectFieldsNotRead(object[key]!, keptValue, path: child, into: &found)
            }
        } else if let array = original as? [Any], let keptArray = kept as? [Any] {
            for (element, keptElement) in zip(array, keptArray) {
                collectFieldsNotRead(element, keptElement, path: path + "[]", into: &found)
            }
        }
    }
}
