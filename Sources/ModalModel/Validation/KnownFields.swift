import PositionedJSON

/// The members of an object picked out by known key, indexed like the list of known keys (at most eight).
///
/// Keeps member positions in inline storage rather than an array: this runs for every object of every
/// document, and allocating even a small array per object showed up as a tenth of validation time.
struct KnownFields<Field: ObjectField> {
    let members: [JSONMember]
    private var positions: (Int8, Int8, Int8, Int8, Int8, Int8, Int8, Int8) = (-1, -1, -1, -1, -1, -1, -1, -1)
    private var overflow: [Int: Int] = [:]  // members past index 127 of an unusually large object

    init(members: [JSONMember], count: Int) {
        precondition(count <= 8, "KnownFields holds at most eight known keys")
        self.members = members
    }

    /// The member for a known key, by name.
    subscript(field: Field) -> JSONMember? { self[position: field.position] }

    subscript(position index: Int) -> JSONMember? {
        let position = withUnsafeBytes(of: positions) { Int(Int8(bitPattern: $0[index])) }
        if position == -2 { return overflow[index].map { members[$0] } }
        return position < 0 ? nil : members[position]
    }

    mutating func set(_ index: Int, memberIndex: Int) {
        var stored = Int8(-2)  // marks a position kept in `overflow`
        if memberIndex <= Int(Int8.max) {
            stored = Int8(memberIndex)
        } else {
            overflow[index] = memberIndex
        }
        withUnsafeMutableBytes(of: &positions) { $0[index] = UInt8(bitPattern: stored) }
    }
}
