import ModalModel
import PositionedJSON

/// Why no handler ran for an action.
public enum ActionRouteFailure: Error, CustomStringConvertible {
    /// An app command whose name has no receiver; `registered` lists the names that do.
    case unknownCommand(scheme: String, name: String, registered: [String])
    /// The command's receiver wants typed data, and the data did not decode; `error` is the decoding error.
    case undecodableData(command: String, data: JSONValue?, error: any Error)
    /// A custom action name that has no receiver; `registered` lists the names that do.
    case unknownCustomAction(name: String, registered: [String])
    /// A built-in action (`close`, `next`, `prev`) or a URL, and no handler for its kind.
    case noHandler(ModalAction)
    /// An action string that is not a valid action.
    case invalidAction(ActionError)

    /// One line saying what went wrong, for a log.
    public var description: String {
        switch self {
        case .unknownCommand(let scheme, let name, let registered):
            "no receiver for the app command '\(name)' (\(scheme)://invoke/cmd/\(name))"
                + Self.listing(registered, of: "commands")
        case .undecodableData(let command, let data, let error):
            "the data of the app command '\(command)' does not decode: \(error)"
                + " (data: \(data.map(JSONWriter.serialize) ?? "none"))"
        case .unknownCustomAction(let name, let registered):
            "no receiver for the custom action '\(name)'" + Self.listing(registered, of: "custom actions")
        case .noHandler(let action):
            "no handler for '\(action.text)'"
        case .invalidAction(let error):
            "invalid action [\(error.code)]: \(error.message)" + (error.hint.map { "; \($0)" } ?? "")
        }
    }

    private static func listing(_ names: [String], of kind: String) -> String {
        names.isEmpty ? "; no \(kind) are registered" : "; registered \(kind): " + names.joined(separator: ", ")
    }
}
