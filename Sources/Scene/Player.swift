import Motion

/// Advances a scene through time and produces a `Frame` for any instant.
///
/// Model values change instantly when an action runs; what is drawn is the presentation value:
/// the model value plus the remaining offset of every animation in flight on that property
/// (Core Animation's additive model, which `.beginFromCurrentState` reduces to one animation
/// starting from the presentation value). Animations are closed-form in time, so state only
/// changes at taps; taps run at their exact time, whatever the frame rate. Asking for an
/// earlier instant replays from t = 0, so any order of requests gives the same answers.
public struct Player: Sendable {
    public let scene: Scene
    /// Scene time of the last `advance(to:)`.
    public private(set) var time: Double = 0

    private var model: [Double]
    private var running: [[RunningAnimation]]
    private var nextTap = 0
    private let children: [[Int]]
    private let roots: [Int]
    private static let stride = ViewProperty.allCases.count

    public init(scene: Scene) {
        self.scene = scene
        var model = [Double](repeating: 0, count: scene.views.count * Self.stride)
        for (index, view) in scene.views.enumerated() {
            for property in ViewProperty.stored {
                model[index * Self.stride + property.rawValue] = view.initialValue(of: property)
            }
        }
        self.model = model
        self.running = Array(repeating: [], count: model.count)
        var children = Array(repeating: [Int](), count: scene.views.count)
        var roots: [Int] = []
        for (index, view) in scene.views.enumerated() {
            if let parent = view.parent { children[parent].append(index) } else { roots.append(index) }
        }
        self.children = children
        self.roots = roots
        applyBindings(at: 0)
    }

    private static func slot(_ ref: PropertyRef) -> Int { ref.view * stride + ref.property.rawValue }

    /// Reads `ref` through `stored`, which gives a stored property of the same view;
    /// `position` is the frame's centre.
    private static func resolve(_ ref: PropertyRef, _ stored: (ViewProperty) -> Double) -> Double {
        switch ref.property {
        case .positionX: return stored(.frameX) + stored(.frameWidth) / 2
        case .positionY: return stored(.frameY) + stored(.frameHeight) / 2
        default: return stored(ref.property)
        }
    }

    /// The model value (the animation's destination).
    public func modelValue(_ ref: PropertyRef) -> Double {
        Self.resolve(ref) { model[ref.view * Self.stride + $0.rawValue] }
    }

    /// The presentation value (what is on screen) at the current time.
    public func presentationValue(_ ref: PropertyRef) -> Double { presentationValue(ref, at: time) }

    private func presentationValue(_ ref: PropertyRef, at t: Double) -> Double {
        Self.resolve(ref) { storedPresentationValue(slot: ref.view * Self.stride + $0.rawValue, at: t) }
    }

    /// A stored slot's model value plus the remaining offset of each animation in flight.
    private func storedPresentationValue(slot: Int, at t: Double) -> Double {
        var value = model[slot]
        for animation in running[slot] { value += animation.value(at: t) - animation.to }
        return value
    }

    /// Moves to scene time `t` (seconds), running every tap up to and including `t`.
    public mutating func advance(to t: Double) {
        if t < time { self = Player(scene: scene) }
        while nextTap < scene.taps.count, scene.taps[nextTap].time <= t {
            let tap = scene.taps[nextTap]
            nextTap += 1
            applyBindings(at: tap.time)
            if let action = scene.views[tap.view].tapAction {
                run(scene.actions[action], at: tap.time)
            }
        }
        time = t
        pruneFinished(at: t)
        applyBindings(at: t)
    }

    /// The display list of frame `index` at `fps` (t = index / fps).
    public mutating func frame(at index: Int, fps: Double) -> Frame {
        let t = Double(index) / fps
        advance(to: t)
        let snapshot = model.indices.map { storedPresentationValue(slot: $0, at: t) }
        var builder = FrameBuilder(scene: scene, children: children) { ref in
            Self.resolve(ref) { snapshot[ref.view * Self.stride + $0.rawValue] }
        }
        for root in roots { builder.draw(view: root, inheritedAlpha: 1) }
        return Frame(index: index, time: t, size: scene.size, background: scene.background, commands: builder.commands)
    }

    private mutating func run(_ action: Action, at t: Double) {
        let toggled = action.toggle.map { $0.target(forModelValue: modelValue($0.property)) }
        for step in action.steps {
            let slot = Self.slot(step.property)
            let begin = t + step.delay
            let current = action.combining == .beginFromCurrentState ? presentationValue(step.property, at: t) : model[slot]
            if action.combining == .beginFromCurrentState { running[slot].removeAll() }
            let animation: RunningAnimation
            switch step.motion {
            case .basic(let target, let timing):
                let to: Double
                switch target {
                case .value(let value): to = value
                case .toggled: to = toggled ?? model[slot]
                }
                animation = .basic(ScalarAnimation(from: current, to: to, beginTime: begin, timing: timing))
            case .keyframes(let keyframes, let duration):
                animation = .keyframes(keyframes, beginTime: begin, duration: duration)
            }
            model[slot] = animation.to
            running[slot].append(animation)
        }
    }

    private mutating func applyBindings(at t: Double) {
        for binding in scene.bindings {
            let value = binding.expression.evaluate { presentationValue($0, at: t) }
            model[Self.slot(binding.target)] = value
        }
    }

    private mutating func pruneFinished(at t: Double) {
        for slot in running.indices where !running[slot].isEmpty {
            running[slot].removeAll { t >= $0.endTime }
        }
    }
}
