import ModalModel
import PositionedJSON

/// Routes the actions of buttons and links to the app's handlers: app commands by name with typed data, URLs,
/// `close`/`next`/`prev`, custom action names, and a fallback for whatever matched nothing.
///
/// ```swift
/// var router = ActionRouter()
/// router.onCommand("applyCoupon", as: Coupon.self) { coupon in cart.apply(coupon) }
/// router.onURL { url in openInBrowser(url) }
/// router.onClose { dismiss() }
/// router.dispatch(button.action)
/// ```
///
/// Not `Sendable`: its handlers are plain closures that may touch the app's own state (a view model on the main
/// actor, say), so a router stays where its actions are dispatched.
public struct ActionRouter {
    private var commands: [String: (JSONValue?) throws -> Void] = [:]
    private var customActions: [String: () throws -> Void] = [:]
    private var urlHandler: ((String) throws -> Void)?
    private var closeHandler: (() throws -> Void)?
    private var nextHandler: (() throws -> Void)?
    private var previousHandler: (() throws -> Void)?
    private var unmatchedHandler: ((ModalAction, ActionRouteFailure) -> Void)?

    /// Creates a router with no handlers.
    public init() {}

    /// Registers the receiver of the app command `name`, with its data decoded as `Payload`.
    ///
    /// A command without data is decoded from JSON `null`, so an optional `Payload` accepts it.
    public mutating func onCommand<Payload: Decodable>(
        _ name: String, as type: Payload.Type, perform: @escaping (Payload) throws -> Void
    ) {
        commands[name] = { data in
            let payload: Payload
            do {
                payload = try CommandDataDecoding.decode(type, from: data ?? .null)
            } catch {
                throw ActionRouteFailure.undecodableData(command: name, data: data, error: error)
            }
            try perform(payload)
        }
    }

    /// Registers the receiver of the app command `name`, given its raw JSON data (nil when the command has none).
    public mutating func onCommand(_ name: String, perform: @escaping (JSONValue?) throws -> Void) {
        commands[name] = perform
    }

    /// Registers the receiver of the custom action `name` (a bare token such as `open_settings`).
    public mutating func onCustomAction(_ name: String, perform: @escaping () throws -> Void) {
        customActions[name] = perform
    }

    /// Registers the handler of URL actions (`https:`, `http:`, `mailto:`, `tel:`, `open_url:`), given the URL.
    public mutating func onURL(_ perform: @escaping (String) throws -> Void) { urlHandler = perform }

    /// Registers the handler of `close`.
    public mutating func onClose(_ perform: @escaping () throws -> Void) { closeHandler = perform }

    /// Registers the handler of `next`.
    public mutating func onNext(_ perform: @escaping () throws -> Void) { nextHandler = perform }

    /// Registers the handler of `prev`.
    public mutating func onPrevious(_ perform: @escaping () throws -> Void) { previousHandler = perform }

    /// Registers the handler called with every action that no other handler took, and why.
    ///
    /// Text given to `dispatch(actionText:)` that is not an action comes here too, as `.custom` holding the text
    /// as written (so `action.text` logs it) with the failure `.invalidAction`. A handler that ran and threw is
    /// not unmatched: `dispatch` returns that as `.handlerFailed`.
    public mutating func onUnmatched(_ perform: @escaping (ModalAction, ActionRouteFailure) -> Void) {
        unmatchedHandler = perform
    }

    /// Runs the handler for `action`, or reports why none ran (also to the `onUnmatched` handler).
    @discardableResult
    public func dispatch(_ action: ModalAction) -> ActionRouteResult {
        do {
            try route(action)
            return .handled
        } catch let failure as ActionRouteFailure {
            unmatchedHandler?(action, failure)
            return .unmatched(failure)
        } catch {
            return .handlerFailed(error)
        }
    }

    /// Parses an action string (`kash://invoke/cmd/applyCoupon/data/…`, `close`, a URL…) and dispatches it; text
    /// that is not an action is unmatched, and the `onUnmatched` handler hears it.
    @discardableResult
    public func dispatch(actionText: String) -> ActionRouteResult {
        switch ModalAction.parsing(actionText) {
        case .success(let parsed): return dispatch(parsed.action)
        case .failure(let error):
            let failure = ActionRouteFailure.invalidAction(error)
            unmatchedHandler?(.custom(actionText), failure)
            return .unmatched(failure)
        }
    }

    private func route(_ action: ModalAction) throws {
        switch action {
        case .close: try run(closeHandler, action)
        case .next: try run(nextHandler, action)
        case .previous: try run(previousHandler, action)
        case .openURL(let url):
            guard let urlHandler else { throw ActionRouteFailure.noHandler(action) }
            try urlHandler(url)
        case .command(let scheme, let name, let data):
            guard let receiver = commands[name] else {
                throw ActionRouteFailure.unknownCommand(
                    scheme: scheme, name: name, registered: commands.keys.sorted())
            }
            try receiver(data)
        case .custom(let name):
            guard let receiver = customActions[name] else {
                throw ActionRouteFailure.unknownCustomAction(name: name, registered: customActions.keys.sorted())
            }
            try receiver()
        }
    }

    private func run(_ handler: (() throws -> Void)?, _ action: ModalAction) throws {
        guard let handler else { throw ActionRouteFailure.noHandler(action) }
        try handler()
    }
}

/// What dispatching an action did.
public enum ActionRouteResult: Sendable {
    /// A handler ran and returned.
    case handled
    /// No handler ran, for the reason given.
    case unmatched(ActionRouteFailure)
    /// The handler ran and threw this error.
    case handlerFailed(any Error)
}
