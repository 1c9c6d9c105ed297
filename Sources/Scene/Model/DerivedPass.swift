/// A module's derived values computed among the bindings, in dependency order (the layout
/// pass): it reads some slots' presentation values and drives the model values of others.
///
/// A pass is a pure function of the values it reads: it keeps no state between instants, so
/// its output never depends on which instants were evaluated before (checkpoints, frame
/// ranges, shards). Its driven slots are claimed like a binding's: no other driver, and no
/// action may write them (except through `Action.derivedChange`, whose animation animates their change).
public protocol DerivedPass: Sendable {
    /// Shown in messages, e.g. "the layout pass".
    var name: String { get }
    /// Slots it reads: bindings that write any of them are evaluated before it.
    var readSlots: [Int] { get }
    /// Slots whose model value it writes, in the order `evaluate` returns them.
    var drivenSlots: [Int] { get }
    /// The new model values of `drivenSlots`, from the current presentation `values`.
    func evaluate(_ values: [Double]) throws -> [Double]
    /// The same with the content slots' current values (`Scene.contentSlots`: labels' texts),
    /// for a pass that reads them (the layout pass measures a label's new text).
    func evaluate(_ values: [Double], contents: [ContentValue]) throws -> [Double]
}

extension DerivedPass {
    /// A pass that reads no content.
    public func evaluate(_ values: [Double], contents: [ContentValue]) throws -> [Double] { try evaluate(values) }
}
