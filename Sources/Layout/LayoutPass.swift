import Drawing
import Motion
import Scene

/// The layout pass: views laid out by constraints get their frames from the Cassowary solver
/// at every instant, among the bindings in dependency order (it reads the constraints'
/// `constant`, `priority` and `isActive` slots and the slots of the fixed views it refers to;
/// it drives the position and bounds size of each view laid out).
///
/// Determinism: the pass keeps a solver solved once for the scene's initial constants (the
/// base) and, at each instant, starts from a copy of it and moves each constant that differs
/// with `setConstant` (the dual simplex). The result is a function of the instant's values
/// alone — never of the instants evaluated before — so any frame range, order, shard,
/// checkpoint or thread count gives the same layout, and a checkpoint needs no solver state.
///
/// Labels that wrap (`numberOfLines` 0 or more than 1) have an intrinsic height that depends
/// on their width, so `init` lays out twice, with the scene's initial values: the first pass
/// without those labels' heights gives each its width; the second measures its text wrapped
/// to that width and keeps that height as its intrinsic height (hugging and compression
/// resistance) at every instant. A label whose width animates later keeps that height.
/// When the active constraints or priorities differ from the initial ones, the base is the
/// solver for that configuration built with the initial values (cached; built with the
/// instant's values when the initial ones cannot satisfy it) — as deterministic.
public struct LayoutPass: DerivedPass {
    public var name: String { "the layout pass" }
    public let constraints: [ViewConstraint]
    /// Views laid out (the first item of some constraint), in view order.
    public let laidOutViews: [Int]
    public let readSlots: [Int]
    public let drivenSlots: [Int]
    /// The first of the constraints' slots: constraint i has constant, priority and isActive
    /// at `slotBase + 3i` ... `+ 2`.
    public let slotBase: Int

    let viewIDs: [String]
    /// Per constraint: first − multiplier × second, without the constant.
    let forms: [AffineForm]
    /// Labels' content hugging and compression resistance (optional, never conflicting).
    private(set) var intrinsic: [Constraint] = []
    /// Points: the intrinsic height of each multi-line label, measured at the width the first
    /// layout pass gave it.
    public private(set) var multiLineHeights: [Int: Double] = [:]
    /// Laid-out labels whose text actions change, re-measured when it does.
    let changingLabels: [ChangingLabel]
    let measuring: any LabelMeasuring
    let textMeasurements = TextMeasurements()
    let anchors: [Int: Point]
    /// Per laid-out view: its left, top, width and height variables.
    let frameVariables: [[Variable]]
    let initialPriorities: [Double]
    private(set) var base = Solver()
    let baseConfiguration: [Double?]
    /// The scene's initial values (other configurations' bases are solved with them).
    let initialValues: [Double]
    let otherBases = ConfigurationBases()
    private(set) var baseConstraints: [Constraint?] = []

    /// Slots a scene declares for `constraints` (append them to `Scene.extraSlots`; the first
    /// one's index is the pass's `slotBase`).
    public static func slotDeclarations(for constraints: [ViewConstraint]) -> [SlotDeclaration] {
        constraints.flatMap {
            [SlotDeclaration(name: "\($0.id).constant", initialValue: $0.constant),
             SlotDeclaration(name: "\($0.id).priority", initialValue: $0.priority),
             SlotDeclaration(name: "\($0.id).isActive", initialValue: $0.isActive ? 1 : 0)]
        }
    }

    /// Builds the pass for `scene` (whose `extraSlots` hold `slotDeclarations(for:)` from
    /// `slotBase`) and solves the initial layout; throws for constraints UIKit refuses and for
    /// required constraints that conflict (naming a minimal conflicting set).
    public init(scene: Scene, constraints: [ViewConstraint], slotBase: Int, safeAreaInsets: LayoutInsets = LayoutInsets(),
                measuring: any LabelMeasuring, contentPriorities: [Int: ContentPriorities] = [:]) throws(LayoutError) {
        self.constraints = constraints
        self.slotBase = slotBase
        viewIDs = scene.views.map(\.id)
        for (i, c) in constraints.enumerated() {
            if let problem = c.problem { throw .invalidConstraint(constraint: i, id: c.id, problem: problem) }
        }
        let laidOut = Array(Set(constraints.map(\.first))).sorted()
        laidOutViews = laidOut
        var geometry = LayoutGeometry(scene: scene, laidOut: Set(laidOut), safeAreaInsets: safeAreaInsets, measuring: measuring,
                                      contentPriorities: contentPriorities)
        var forms: [AffineForm] = []
        for (i, c) in constraints.enumerated() {
            guard let form = geometry.form(of: c) else {
                let second: String
                if case .view(let u)? = c.second { second = scene.views[u].id } else { second = "the canvas" }
                throw .noCommonAncestor(constraint: i, id: c.id, first: scene.views[c.first].id, second: second)
            }
            forms.append(form)
        }
        self.forms = forms
        self.measuring = measuring
        changingLabels = Self.changingLabels(scene: scene, laidOut: laidOut)
        anchors = Dictionary(uniqueKeysWithValues: laidOut.map { ($0, scene.views[$0].anchorPoint) })
        frameVariables = laidOut.map { v in ["left", "top", "width", "height"].map { Self.variable(scene.views[v].id, $0) } }
        let layout = scene.layout
        drivenSlots = laidOut.flatMap { v in
            [ViewProperty.positionX, .positionY, .boundsWidth, .boundsHeight].map { layout.slot(ViewID(v), $0).index }
        }
        let constraintSlots = Array(slotBase..<(slotBase + 3 * constraints.count))
        let driven = Set(drivenSlots)
        readSlots = Array(Set(constraintSlots + forms.flatMap { $0.slotTerms.map(\.slot) }).subtracting(driven)).sorted()
        initialPriorities = constraints.map(\.priority)
        let initial = scene.initialModel()
        initialValues = initial
        baseConfiguration = constraints.enumerated().map { i, c in c.isActive ? c.priority : nil }
        // Two passes when labels wrap: the first without their heights gives their widths;
        // the second holds the heights of their text wrapped to those widths.
        intrinsic = geometry.intrinsicConstraints()
        let multiLine = geometry.multiLineLabels()
        if !multiLine.isEmpty {
            var first = try solver(for: baseConfiguration, values: initial).0
            first.updateVariables()
            for v in multiLine {
                multiLineHeights[v] = geometry.wrappedHeight(v, width: first.value(of: Self.variable(scene.views[v].id, "width")))
            }
            intrinsic = geometry.intrinsicConstraints(multiLineHeights: multiLineHeights)
        }
        (base, baseConstraints) = try solver(for: baseConfiguration, values: initial)
    }

    /// The frames at one instant: position x, y and bounds width, height of each view laid out.
    public func evaluate(_ values: [Double]) throws -> [Double] { try evaluate(values, contents: []) }

    /// The frames at one instant, each label measured with the text it shows then (`contents`).
    public func evaluate(_ values: [Double], contents: [ContentValue]) throws -> [Double] {
        let solver = try solve(values, intrinsicConstants: intrinsicConstants(contents))
        var frames: [Double] = []
        frames.reserveCapacity(4 * laidOutViews.count)
        for (v, names) in zip(laidOutViews, frameVariables) {
            let left = solver.value(of: names[0]), top = solver.value(of: names[1])
            let width = solver.value(of: names[2]), height = solver.value(of: names[3])
            let anchor = anchors[v]!
            frames += [left + anchor.x * width, top + anchor.y * height, width, height]
        }
        return frames
    }

    /// The solver at one instant, from the base (or from scratch for another configuration);
    /// `intrinsicConstants` moves labels' intrinsic-size constraints (index in `intrinsic`,
    /// expression constant) for texts changed since the start.
    public func solve(_ values: [Double], intrinsicConstants: [(Int, Double)] = []) throws -> Solver {
        let configuration = try self.configuration(values)
        var (solver, made) = configuration == baseConfiguration ? (base, baseConstraints) : try otherBase(for: configuration, values: values)
        for (i, constraint) in made.enumerated() {
            guard let constraint else { continue }
            let constant = expressionConstant(i, values)
            guard constant != (try? solver.constant(of: constraint)) else { continue }
            do { try solver.setConstant(constant, of: constraint) } catch {
                throw LayoutError.unsatisfiable(constraints: [i], ids: [constraints[i].id])
            }
        }
        for (index, constant) in intrinsicConstants {
            let constraint = intrinsic[index]
            guard constant != (try? solver.constant(of: constraint)) else { continue }
            do { try solver.setConstant(constant, of: constraint) } catch {
                throw LayoutError.unsatisfiable(constraints: [], ids: [constraint.name ?? "a label's intrinsic size"])
            }
        }
        solver.updateVariables()
        return solver
    }

    /// The base for a configuration other than the initial one: solved with the initial values
    /// (cached), or — when those cannot satisfy it — with the instant's own values.
    func otherBase(for configuration: [Double?], values: [Double]) throws -> (Solver, [Constraint?]) {
        if let base = otherBases.base(for: configuration, build: { try? solver(for: configuration, values: initialValues) }) { return base }
        return try solver(for: configuration, values: values)
    }

    /// The priority of each active constraint (nil when inactive) at one instant.
    func configuration(_ values: [Double]) throws(LayoutError) -> [Double?] {
        try constraints.indices.map { (i) throws(LayoutError) -> Double? in
            guard values[slotBase + 3 * i + 2] != 0 else { return nil }
            let priority = values[slotBase + 3 * i + 1]
            guard Strength.isValidPriority(priority) else { throw .invalidPriority(constraint: i, id: constraints[i].id, value: priority) }
            if (priority == Strength.requiredPriority) != (initialPriorities[i] == Strength.requiredPriority) {
                throw .requiredPriorityChanged(constraint: i, id: constraints[i].id, from: initialPriorities[i], to: priority)
            }
            return priority
        }
    }

    /// Constraint i's expression constant at one instant: the fixed part of its form minus its
    /// `constant`.
    func expressionConstant(_ i: Int, _ values: [Double]) -> Double {
        forms[i].constantPart(values) - values[slotBase + 3 * i]
    }

    /// A solver holding the active constraints in declaration order, then the labels'
    /// intrinsic sizes.
    func solver(for configuration: [Double?], values: [Double]) throws(LayoutError) -> (Solver, [Constraint?]) {
        var solver = Solver()
        var made: [Constraint?] = []
        for (i, priority) in configuration.enumerated() {
            guard let priority else { made.append(nil); continue }
            let constraint = Constraint(LinearExpression(forms[i].terms, constant: expressionConstant(i, values)), constraints[i].relation,
                                        strength: Strength(priority: priority), name: constraints[i].id)
            do { try solver.addConstraintOrDiscard(constraint) } catch {
                let conflict = minimalConflict(through: i, configuration: configuration, values: values)
                throw .unsatisfiable(constraints: conflict, ids: conflict.map { constraints[$0].id })
            }
            made.append(constraint)
        }
        // An optional constraint cannot conflict (only required ones can), so it needs no
        // copy to restore; a required one (a priority of 1000 in contentPriorities) keeps it.
        for constraint in intrinsic {
            if constraint.strength.isRequired { try? solver.addConstraint(constraint) } else { try? solver.addConstraintOrDiscard(constraint) }
        }
        return (solver, made)
    }

    /// A minimal set of required constraints (up to `last`) that cannot hold together: the
    /// deletion filter drops each one whose absence leaves the rest still conflicting.
    func minimalConflict(through last: Int, configuration: [Double?], values: [Double]) -> [Int] {
        var set = (0...last).filter { configuration[$0] == Strength.requiredPriority }
        func conflicts(_ indices: [Int]) -> Bool {
            var solver = Solver()
            for i in indices {
                let c = Constraint(LinearExpression(forms[i].terms, constant: expressionConstant(i, values)), constraints[i].relation)
                do { try solver.addConstraintOrDiscard(c) } catch { return true }
            }
            return false
        }
        for i in set.reversed() where set.count > 1 {
            let without = set.filter { $0 != i }
            if conflicts(without) { set = without }
        }
        return set
    }

    static func variable(_ id: String, _ attribute: String) -> Variable { Variable("\(id).\(attribute)") }

    /// The laid-out labels some action's `set:` gives a new text, in the order
    /// `LayoutGeometry.intrinsicConstraints` lists their constraints (four a label).
    static func changingLabels(scene: Scene, laidOut: [Int]) -> [ChangingLabel] {
        let slots = scene.contentSlots
        let changed = Set(scene.actions.flatMap(\.contentAssignments).map(\.slot.index).filter { slots.indices.contains($0) && slots[$0].kind == .labelText })
        var labels: [ChangingLabel] = []
        var first = 0
        for v in laidOut.sorted() {
            guard let label = scene.views[v].label else { continue }
            defer { first += 4 }
            guard let slot = changed.first(where: { slots[$0].view.index == v }) else { continue }
            labels.append(ChangingLabel(view: v, slot: slot, initialText: label.text, label: label, firstConstraint: first))
        }
        return labels
    }

    /// The expression constants of the intrinsic-size constraints of labels whose text
    /// `contents` changed: `size − measured` as `variable − size` holds it.
    func intrinsicConstants(_ contents: [ContentValue]) -> [(Int, Double)] {
        var constants: [(Int, Double)] = []
        for label in changingLabels where contents.indices.contains(label.slot) {
            guard case .text(let text) = contents[label.slot], text != label.initialText else { continue }
            let m = textMeasurements.measurement(text, of: label.label, measuring: measuring)
            constants += [(label.firstConstraint, -m.width), (label.firstConstraint + 1, -m.width),
                          (label.firstConstraint + 2, -m.height), (label.firstConstraint + 3, -m.height)]
        }
        return constants
    }
}
