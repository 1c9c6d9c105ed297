import XCTest
import Motion
@testable import Scene

/// A stand-in for the systems to come (scroll physics, animators, dynamics): it drives one slot
/// it added, `ticker.value`, as t × speed, and schedules an event that doubles the speed.
private struct Ticker: SceneSystem {
    var slot: Int
    var speed = 10.0
    var value = 0.0
    var time = 0.0
    var name: String { "ticker" }
    var drivenSlots: [Int] { [slot] }

    mutating func advance(to t: Double, context: inout SystemContext) throws {
        if time == 0 && t > 0 { context.schedule(Event.doubleSpeed, at: 1) }
        value += speed * (t - time)
        time = t
        context[slot] = value
    }

    enum Event: Hashable { case doubleSpeed }

    mutating func handle(_ message: SystemMessage, at t: Double, context: inout SystemContext) throws {
        XCTAssertEqual(message.as(Event.self), .doubleSpeed)
        speed *= 2
    }
}

private struct TickerNames: PropertyNamespace {
    func resolve(_ name: String, in scene: Scene) -> PropertyRef? {
        name == "ticker.speedometer" ? .slot(scene.layout.slot(declared: 0)) : nil
    }
    func names(in scene: Scene) -> [String] { ["ticker.speedometer"] }
}

final class SystemTests: XCTestCase {
    private func scene(extraBinding: Bool = false) -> Scene {
        let box = View(id: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let slot = SlotLayout(viewCount: 1, variableCount: 0, declaredCount: 1).slot(declared: 0)
        var bindings = [Binding(target: .view(ViewID(0), .frameX), expression: .property(.slot(slot)))]
        if extraBinding { bindings.append(Binding(target: .slot(slot), expression: .constant(3))) }
        return Scene(name: "sys", size: Size(width: 100, height: 100), duration: 3, views: [box], bindings: bindings,
                     extraSlots: [SlotDeclaration(name: "ticker.value", initialValue: 0)], namespaces: [TickerNames()],
                     systems: [Ticker(slot: slot.index)])
    }

    func testASystemDrivesItsSlotBeforeBindingsAndGetsItsEvents() throws {
        var player = try Player(scene: scene())
        try player.advance(to: 0.5)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameX)), 5, accuracy: 1e-12)
        try player.advance(to: 2)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameX)), 10 + 20, accuracy: 1e-12)
        // Back in time: the checkpoint at t = 1 holds the system's state too.
        try player.advance(to: 1.5)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameX)), 10 + 10, accuracy: 1e-12)
    }

    func testNamesComeFromTheScene() {
        let s = scene()
        XCTAssertEqual(s.property(named: "ticker.value"), .slot(s.layout.slot(declared: 0)))
        XCTAssertEqual(s.property(named: "ticker.speedometer"), .slot(s.layout.slot(declared: 0)))
        XCTAssertTrue(s.propertyNames.contains("ticker.speedometer"))
    }

    func testASlotASystemDrivesCannotAlsoBeBound() {
        XCTAssertThrowsError(try scene(extraBinding: true).validate()) { error in
            XCTAssertEqual((error as? SceneErrors)?.errors,
                           // Located at the binding, which names the property (issue 22).
                           [.twoDrivers(.binding(1), property: "ticker.value", first: "the binding of 'ticker.value'", second: "ticker")])
        }
    }

    func testCheckpointsStayFewAndEarlierFramesReplayFromTheNearest() throws {
        let box = View(id: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: .black)
        let move = Action(name: "m", steps: [AnimationStep(property: .view(ViewID(0), .frameX), target: .value(50), timing: .curve(.linear, duration: 30))])
        var player = try Player(scene: Scene(name: "long", size: Size(width: 100, height: 100), duration: 100, views: [box],
                                             actions: [move], events: [.run(ActionID(0), at: 0)]))
        for index in 5000...5010 { _ = try player.frame(at: index, fps: 60) }
        XCTAssertEqual(player.statistics.checkpointsRestored, 0)
        XCTAssertEqual(player.statistics.framesBuilt, 11)
        XCTAssertLessThanOrEqual(player.checkpointCount, Player.maximumCheckpoints)
        let before = player.statistics.instantsEvaluated
        _ = try player.frame(at: 3000, fps: 60)
        XCTAssertEqual(player.statistics.checkpointsRestored, 1)
        // From the checkpoint at 48 s to 50 s: a couple of instants, not a replay from 0.
        XCTAssertLessThan(player.statistics.instantsEvaluated - before, 5)
        var fresh = try Player(scene: player.scene)
        XCTAssertEqual(try fresh.frame(at: 3000, fps: 60), try player.frame(at: 3000, fps: 60))
    }

    func testActionsCommandSystemsAndSystemsRunActions() throws {
        // A switch: the command `arm` from action 'arm' makes it run action 'grow' at its
        // next scheduled instant, 0.5 s later.
        struct Switch: SceneSystem {
            var armed = false
            var name: String { "switch" }
            var drivenSlots: [Int] { [] }
            mutating func advance(to t: Double, context: inout SystemContext) throws {}
            enum Message: Hashable { case arm, fire }
            mutating func handle(_ message: SystemMessage, at t: Double, context: inout SystemContext) throws {
                if message.as(Message.self) == .arm { armed = true; context.schedule(Message.fire, at: t + 0.5) }
                if message.as(Message.self) == .fire, armed { context.runAction(1) }
            }
        }
        let box = View(id: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let arm = Action(name: "arm", commands: [SystemCommand(system: SystemID(0), Switch.Message.arm)])
        let grow = Action(name: "grow", steps: [AnimationStep(property: .view(ViewID(0), .frameWidth), target: .value(30),
                                                              timing: .curve(.linear, duration: 1))])
        let scene = Scene(name: "cmd", size: Size(width: 100, height: 100), duration: 3, views: [box],
                          actions: [arm, grow], events: [.run(ActionID(0), at: 1)], systems: [Switch()])
        var player = try Player(scene: scene)
        try player.advance(to: 1.4)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameWidth)), 10, accuracy: 1e-12)
        try player.advance(to: 2)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .frameWidth)), 20, accuracy: 1e-9)
        XCTAssertEqual(player.modelValue(.view(ViewID(0), .frameWidth)), 30, accuracy: 1e-12)

        var bad = scene
        bad.actions[0].commands = [SystemCommand(system: SystemID(3), Switch.Message.arm)]
        XCTAssertThrowsError(try bad.validate()) { error in
            XCTAssertEqual((error as? SceneErrors)?.errors, [.invalidReference(.action(0), what: "system 3")])
        }
    }
}
