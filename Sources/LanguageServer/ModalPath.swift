import ModalModel

/// Where a path into a modal document leads in the format's terms: which modal, and which kind of object.
package struct ModalPath: Sendable, Equatable {
    /// The modal's index in the document (0 for a document that is one modal object).
    package var modalIndex: Int
    /// How many steps of the path lead to the modal object.
    package var modalDepth: Int
    /// The steps after the modal object.
    package var inner: [JSONSourceMap.Step]

    /// Reads a path of a document whose root is an array (`rootIsArray`) or one modal object.
    package init?(_ path: [JSONSourceMap.Step], rootIsArray: Bool) {
        if rootIsArray {
            guard case .index(let index)? = path.first else { return nil }
            modalIndex = index
            modalDepth = 1
        } else {
            modalIndex = 0
            modalDepth = 0
        }
        inner = Array(path.dropFirst(modalDepth))
    }

    /// The kind of the object the path's last step is a member of, when the format defines it.
    package var containingObject: FormatMeanings.ObjectKind? {
        Self.kind(ofObjectAt: Array(inner.dropLast()))
    }

    /// The kind of object at `steps` below a modal.
    package static func kind(ofObjectAt steps: [JSONSourceMap.Step]) -> FormatMeanings.ObjectKind? {
        switch steps.count {
        case 0: return .modal
        case 2:
            guard case .key(let list) = steps[0], case .index = steps[1] else { return nil }
            return list == "styles" ? .style : list == "buttons" ? .button : nil
        case 3:
            guard case .key("styles") = steps[0], case .index = steps[1], case .key("apply_to") = steps[2] else {
                return nil
            }
            return .range
        default: return nil
        }
    }

    /// The index of the style the path is in, when it is in one.
    package var styleIndex: Int? {
        guard inner.count >= 2, case .key("styles") = inner[0], case .index(let index) = inner[1] else { return nil }
        return index
    }

    /// The key of the path's last step, when it is a key.
    package var lastKey: String? {
        if case .key(let key)? = inner.last { return key }
        return nil
    }
}
