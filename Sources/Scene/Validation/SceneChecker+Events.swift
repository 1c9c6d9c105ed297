import Motion

extension SceneChecker {
    /// Actions with no animation that complete into each other with no `if:` (or one that is
    /// always true) would loop forever at one instant.
    mutating func checkCompletionLoops() {
        let actions = scene.actions
        var state = Array(repeating: 0, count: actions.count)   // 0 new, 1 on the current path, 2 done
        for start in actions.indices where state[start] == 0 {
            var path: [Int] = []
            var current: Int? = start
            while let a = current, a >= 0, a < actions.count, state[a] == 0,
                  actions[a].duration == 0, actions[a].condition.map({ $0.constantValue == 1 }) ?? true {
                state[a] = 1
                path.append(a)
                current = actions[a].completion?.index
            }
            if let a = current, a >= 0, a < actions.count, state[a] == 1, let at = path.firstIndex(of: a) {
                let loop = Array(path[at...])
                errors.append(.zeroTimeCompletionLoop(action: loop.min()!, actions: (loop + [a]).map { actions[$0].name }))
            }
            for a in path { state[a] = 2 }
        }
    }

    mutating func checkEvents() {
        for (e, event) in scene.events.enumerated() {
            if !(event.time >= 0 && event.time <= scene.duration) {
                errors.append(.eventOutsideScene(event: e, time: event.time, duration: scene.duration))
            }
            switch event.kind {
            case .tap(let view):
                if !scene.views.indices.contains(view.index) {
                    errors.append(.invalidReference(.event(e), what: "view \(view)"))
                } else if scene.tapAction(reachedFrom: view) == nil {
                    errors.append(.tapWithoutAction(event: e, view: scene.view(view).id))
                }
            case .run(let action):
                let action = action.index
                if action < 0 || action >= scene.actions.count { errors.append(.invalidReference(.event(e), what: "action \(action)")) }
            case .system(let command):
                let index = command.system.index
                if index < 0 || index >= scene.systems.count { errors.append(.invalidReference(.event(e), what: "system \(index)")) }
            case .touch(let index):
                if index < 0 || index >= scene.touches.count { errors.append(.invalidReference(.event(e), what: "touch \(index)")) }
            }
        }
        checkTouches()
        if zip(scene.events, scene.events.dropFirst()).contains(where: { $0.time > $1.time }) {
            errors.append(.invalidReference(.scene, what: "time order of events (events must be sorted by time)"))
        }
        let count = Scene.checkFrameCount(duration: scene.duration, fps: scene.fps) == nil && scene.duration > 0 && scene.fps > 0
            ? scene.frameCount(fps: scene.fps) : 0
        for (i, frame) in scene.keyFrames.enumerated() where frame < 0 || frame >= count {
            errors.append(.keyFrameOutsideScene(index: i, frame: frame, frameCount: count))
        }
    }

    /// Why a step's numbers cannot be played, or nil.
    static func timingProblem(_ step: AnimationStep) -> String? {
        guard step.delay.isFinite && step.delay >= 0 else { return "an animation's delay must be a finite number of seconds, at least 0" }
        let media = step.media
        guard media.speed.isFinite && media.speed > 0 else { return "an animation's speed must be a finite number greater than 0" }
        guard media.repeatCount >= 0 else { return "an animation's repeat count must be at least 0 (or infinity)" }
        guard media.repeatDuration.isFinite && media.repeatDuration >= 0 else { return "an animation's repeat duration must be a finite number of seconds, at least 0" }
        guard media.timeOffset.isFinite && media.timeOffset >= 0 else { return "an animation's time offset must be a finite number of seconds, at least 0" }
        switch step.motion {
        case .basic(let target, let timing):
            if case .value(let v) = target, !v.isFinite { return "an animation's target must be a finite number" }
            guard timing.duration.isFinite && timing.duration > 0 else { return "an animation's duration must be a finite number of seconds greater than 0" }
        case .keyframes(let keyframes, let duration):
            guard duration.isFinite && duration > 0 else { return "a keyframe animation's duration must be a finite number of seconds greater than 0" }
            guard keyframes.values.allSatisfy(\.isFinite) else { return "keyframe values must be finite numbers" }
        case .path(let path, let duration, _):
            guard duration.isFinite && duration > 0 else { return "a keyframe animation's duration must be a finite number of seconds greater than 0" }
            guard path.length.isFinite else { return "a keyframe path must have a finite length" }
            guard case .slot = step.property else { return "a keyframe path animates stored slots (position.x, position.y, transform.rotation)" }
        }
        return nil
    }

    static func isIdentifier(_ text: String) -> Bool { Scene.isIdentifier(text) }

    static func points(of element: PathTemplateElement) -> [PointExpression] {
        switch element {
        case .move(let p), .line(let p): return [p]
        case .quadCurve(let p, let c): return [p, c]
        case .curve(let p, let c1, let c2): return [p, c1, c2]
        case .close: return []
        }
    }

    /// Touches: finite, inside the scene's time and canvas, each finger down once at a time.
    mutating func checkTouches() {
        var lastByFinger: [Int: Int] = [:]
        let order = scene.touches.indices.sorted { (scene.touches[$0].begin, $0) < (scene.touches[$1].begin, $1) }
        for t in order {
            let stroke = scene.touches[t]
            if let problem = Self.touchProblem(stroke, canvas: scene.size, duration: scene.duration) {
                errors.append(.invalidTouch(touch: t, what: problem))
                continue
            }
            if let previous = lastByFinger[stroke.finger], !scene.touches[previous].hasLifted(by: stroke.begin) {
                errors.append(.overlappingTouches(first: previous, second: t, finger: stroke.finger))
            }
            lastByFinger[stroke.finger] = t
        }
    }

    static func touchProblem(_ stroke: TouchStroke, canvas: Size, duration: Double) -> String? {
        guard stroke.begin.isFinite, stroke.begin >= 0, stroke.begin <= duration else {
            return "a touch must begin within the scene (0 to \(duration.shortestText) s), found \(stroke.begin.shortestText) s"
        }
        guard stroke.duration.isFinite, stroke.duration > 0, stroke.duration <= TouchStroke.maximumDuration else {
            return "a touch must last more than 0 and at most \(TouchStroke.maximumDuration.shortestText) seconds, found \(stroke.duration.shortestText)"
        }
        var points: [Point] = []
        switch stroke.path {
        case let .line(from, to, _): points = [from, to]
        case .sampled(let samples):
            guard samples.count >= 2 else { return "a sampled path needs at least two points [t, x, y]" }
            guard samples[0].time == 0 else { return "a sampled path's first time must be 0 (times are seconds after touch-down)" }
            for (a, b) in zip(samples, samples.dropFirst()) where !(b.time > a.time) {
                return "a sampled path's times must increase, found \(b.time.shortestText) after \(a.time.shortestText)"
            }
            points = samples.map(\.point)
        }
        if let v = stroke.givenReleaseVelocity {
            guard abs(v.x) <= TouchStroke.maximumSpeed, abs(v.y) <= TouchStroke.maximumSpeed else {
                return "a flick's velocity must be within ±\(TouchStroke.maximumSpeed.shortestText) points per second on each axis"
            }
            points.append(v)
        }
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return "a touch's points and velocity must be finite numbers" }
        let start = stroke.firstPoint
        guard start.x >= 0, start.y >= 0, start.x <= canvas.width, start.y <= canvas.height else {
            return "a touch must start on the canvas (0…\(canvas.width.shortestText) × 0…\(canvas.height.shortestText)), found [\(start.x.shortestText), \(start.y.shortestText)]"
        }
        return nil
    }
}
