import Motion

/// The part of a scene an error is about, so a scene file can point at where it was written.
public enum SceneElement: Hashable, Sendable {
    case scene
    case view(Int)
    case variable(Int)
    case action(Int)
    /// An animation of an action.
    case step(action: Int, index: Int)
    case binding(Int)
    case event(Int)
    case system(Int)
    case keyFrame(Int)
    /// A scripted touch (index into `Scene.touches`).
    case touch(Int)
    /// A module's derived pass (index into `Scene.derivedPasses`).
    case derivedPass(Int)
}

/// A scene that cannot be valid, whether built in Swift or read from a file. Each case carries
/// the element it is about and the names involved.
public enum SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidViewID(view: Int, id: String)
    case duplicateViewID(view: Int, id: String)
    /// A view's parent must come before it in `Scene.views`.
    case invalidParent(view: Int, id: String)
    case nonFiniteValue(view: Int, id: String, property: String)
    case invalidAnchorPoint(view: Int, id: String)
    case negativeSize(view: Int, id: String)
    case invalidFontSize(view: Int, id: String)
    /// A drawing value out of its range (a negative shadow radius, strokeStart after strokeEnd,
    /// gradient locations not increasing, ...); `what` says which and what was expected.
    case invalidDrawing(view: Int, id: String, what: String)
    case invalidVariableName(variable: Int, name: String)
    case duplicateVariable(variable: Int, name: String)
    case nonFiniteVariable(variable: Int, name: String)
    /// An index or property reference that points nowhere (Swift-built scenes).
    case invalidReference(SceneElement, what: String)
    /// Two drivers claim one slot's model value.
    case twoDrivers(SceneElement, property: String, first: String, second: String)
    /// An action writes a slot that a binding or a system drives.
    case drivenPropertyWritten(SceneElement, property: String, driver: String, action: String)
    case bindingCycle(binding: Int, properties: [String])
    /// A scale track that cannot be played (`ScaleTrack.problem`, or a reference that points nowhere).
    case invalidScale(binding: Int, property: String, what: String)
    case notAnimatable(action: Int, step: Int, property: String)
    /// An expression of the wrong type: a number where a condition belongs, or the reverse.
    case wrongExpressionType(SceneElement, expected: ExpressionType, text: String)
    case shapeSizeOutsideShape(SceneElement, text: String)
    case zeroTimeCompletionLoop(action: Int, actions: [String])
    case tapWithoutAction(event: Int, view: String)
    case eventOutsideScene(event: Int, time: Double, duration: Double)
    case keyFrameOutsideScene(index: Int, frame: Int, frameCount: Int)
    /// The canvas size, fps, scale or duration is out of range (`what` says which and why).
    case invalidCanvas(what: String)
    /// An animation's duration, delay or values are not usable numbers.
    case invalidTiming(action: Int, step: Int, what: String)
    /// A scripted touch that cannot be played (`what` says why).
    case invalidTouch(touch: Int, what: String)
    /// Two strokes of one finger at the same time.
    case overlappingTouches(first: Int, second: Int, finger: Int)
    /// An action gives a content slot a value of the other kind (an image for a label's text).
    case contentKindMismatch(action: Int, slot: Int, holds: String, given: String)

    /// Where the problem was written.
    public var element: SceneElement {
        switch self {
        case .invalidViewID(let v, _), .duplicateViewID(let v, _), .invalidParent(let v, _), .nonFiniteValue(let v, _, _),
             .invalidAnchorPoint(let v, _), .negativeSize(let v, _), .invalidFontSize(let v, _), .invalidDrawing(let v, _, _):
            return .view(v)
        case .invalidVariableName(let v, _), .duplicateVariable(let v, _), .nonFiniteVariable(let v, _): return .variable(v)
        case .invalidReference(let e, _), .twoDrivers(let e, _, _, _), .drivenPropertyWritten(let e, _, _, _),
             .wrongExpressionType(let e, _, _), .shapeSizeOutsideShape(let e, _):
            return e
        case .bindingCycle(let b, _), .invalidScale(let b, _, _): return .binding(b)
        case .notAnimatable(let a, let s, _): return .step(action: a, index: s)
        case .zeroTimeCompletionLoop(let a, _), .contentKindMismatch(let a, _, _, _): return .action(a)
        case .tapWithoutAction(let e, _), .eventOutsideScene(let e, _, _): return .event(e)
        case .keyFrameOutsideScene(let i, _, _): return .keyFrame(i)
        case .invalidCanvas: return .scene
        case .invalidTiming(let a, let s, _): return .step(action: a, index: s)
        case .invalidTouch(let t, _): return .touch(t)
        case .overlappingTouches(_, let second, _): return .touch(second)
        }
    }

    public var description: String {
        switch self {
        case .invalidViewID(_, let id): return "expected an id of letters, digits and '_' starting with a letter, found '\(id)'"
        case .duplicateViewID(_, let id): return "another view already has the id '\(id)'"
        case .invalidParent(_, let id): return "view '\(id)' names a parent that does not come before it"
        case .nonFiniteValue(_, let id, let property): return "view '\(id)': \(property) must be a finite number"
        case .invalidAnchorPoint(_, let id): return "view '\(id)': anchorPoint must be a pair of finite numbers [x, y]"
        case .negativeSize(_, let id): return "view '\(id)': bounds width and height must not be negative"
        case .invalidFontSize(_, let id): return "view '\(id)': label font size must be between 0.5 and 1000 points"
        case .invalidDrawing(_, let id, let what): return "view '\(id)': \(what)"
        case .invalidVariableName(_, let name): return "expected a variable name of letters, digits and '_' starting with a letter (not a word expressions reserve), found '\(name)'"
        case .duplicateVariable(_, let name): return "the variable '\(name)' is declared twice"
        case .nonFiniteVariable(_, let name): return "variable '\(name)' must start at a finite number"
        case .invalidReference(_, let what): return "\(what) does not exist"
        case .contentKindMismatch(_, let slot, let holds, let given): return "content slot \(slot) holds \(holds); the action gives it \(given)"
        case .twoDrivers(_, let property, let first, let second):
            return "'\(property)' has two drivers: \(first) and \(second); a property's model value has one driver"
        case .drivenPropertyWritten(_, let property, let driver, let action):
            return "action '\(action)' writes '\(property)', which \(driver) drives; a driven property cannot also be animated or set"
        case .bindingCycle(_, let properties):
            return "bindings form a cycle: \(properties.joined(separator: " -> ")); a bound property cannot depend on itself"
        case .invalidScale(_, let property, let what): return "the scales of '\(property)': \(what)"
        case .notAnimatable(_, _, let property):
            return "'\(property)' cannot be animated (UIKit changes it at once); bind it instead, e.g. '\(property): \"state == 1 ? 1 : 0\"'"
        case .wrongExpressionType(_, let expected, let text):
            return expected == .boolean
                ? "expected a condition (a comparison such as 'state == 1'), found the number expression '\(text)'"
                : "expected a number, found the condition '\(text)'"
        case .shapeSizeOutsideShape(_, let text): return "'width' and 'height' exist only in a shape's path, found in '\(text)'"
        case .zeroTimeCompletionLoop(_, let actions):
            return "actions complete into each other without time advancing: \(actions.joined(separator: " -> ")); give one an animation or an 'if:'"
        case .tapWithoutAction(_, let view): return "neither view '\(view)' nor any view it is inside has an onTap action, so tapping it does nothing"
        case .eventOutsideScene(_, let time, let duration):
            return "an event at \(time.shortestText) s lies outside the scene (0 to \(duration.shortestText) s)"
        case .keyFrameOutsideScene(_, let frame, let count): return "key frame \(frame) is outside the scene (0-\(count - 1))"
        case .invalidCanvas(let what): return what
        case .invalidTiming(_, _, let what): return what
        case .invalidTouch(_, let what): return what
        case .overlappingTouches(let first, _, let finger):
            return "finger \(finger) is still down from touch \(first + 1) when this touch begins; one finger's touches may not overlap in time (use another 'finger')"
        }
    }
}

/// Every error found in a scene, in the order of the elements they are about.
public struct SceneErrors: Error, Hashable, Sendable, CustomStringConvertible {
    public var errors: [SceneError]
    public init(_ errors: [SceneError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// Names expressions reserve (they cannot name variables). `finished` became reserved when
/// completions gained it (`ExpressionNode.finished`).
public let reservedExpressionWords: Set<String> = Set(["true", "false", "width", "height", "variables", "finished", "pi"])
    .union(ExpressionFunction.allCases.map(\.rawValue))
