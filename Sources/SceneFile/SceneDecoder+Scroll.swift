import Motion
import Scene
import Scroll

/// A view with `scroll:` settings, as read before variables and actions (so its indicator
/// views exist before any slot is numbered); its delegate actions are resolved later.
struct ScrollDeclaration {
    var view: Int
    /// Its system: scroll views' are reserved first, in the order of their views.
    var system: SystemID
    var node: Located
    var settings: ScrollSettings
    var initialOffset: Point
    var indicators = ScrollIndicators()
}

/// What scroll-driven scales need of a scroll view.
struct ScrollSource {
    var view: Int
    /// The content offset's slot along the scroll view's axis.
    var offsetSlot: SlotID
    /// The scroll view's size along that axis (points).
    var viewportLength: Double
    var isHorizontal: Bool
}

extension SceneDecoder {
    static let scrollKeys = ["contentSize", "contentOffset", "contentInset", "isPagingEnabled", "pagingEnabled", "bounces",
                             "alwaysBounceHorizontal", "alwaysBounceVertical", "decelerationRate", "showsScrollIndicators",
                             "showsHorizontalScrollIndicator", "showsVerticalScrollIndicator",
                             "onBeginDragging", "onEndDragging", "onEndDecelerating", "onEndScrollingAnimation"]
    static let scrollActionKeys = ["onBeginDragging", "onEndDragging", "onEndDecelerating", "onEndScrollingAnimation"]
    static let insetKeys = ["top", "left", "bottom", "right"]

    /// The scroll view `index` as a source for scales, or nil when it has no `scroll:` settings.
    func scrollSource(forView index: Int) -> ScrollSource? {
        guard let position = scrollViewByView[index] else { return nil }
        let declaration = scrollViews[position]
        let bounds = views[index].bounds
        // The axis it scrolls along: horizontal when the content is wider than the view, or
        // when only horizontal bouncing is asked for.
        let s = declaration.settings
        let horizontal = s.contentSize.width > bounds.width || (s.alwaysBounceHorizontal && !(s.contentSize.height > bounds.height))
        let property: ViewProperty = horizontal ? .boundsX : .boundsY
        return ScrollSource(view: index, offsetSlot: builder.layout.slot(ViewID(index), property),
                            viewportLength: horizontal ? bounds.width : bounds.height, isHorizontal: horizontal)
    }

    /// Reads every view's `scroll:` settings (after all views, before variables), sets the
    /// initial content offset as the bounds origin and adds the indicator views.
    mutating func decodeScrollViews() {
        for (index, node) in pendingScrolls {
            // Declared even when its settings are bad (the error is reported), so that what
            // refers to it does not also fail.
            let system = builder.reserveSystem()
            var declaration = ScrollDeclaration(view: index, system: system, node: node,
                                                settings: ScrollSettings(contentSize: views[index].bounds.size), initialOffset: .zero)
            attempt { d in
                declaration = try d.decodeScrollSettings(node, view: index, system: system)
                d.builder[ViewID(index)].bounds.origin = declaration.initialOffset
                // UIKit adds the indicators itself: a view of the scene may not take their ids.
                for (axis, id) in d.builder.scrollIndicatorIDs(for: ViewID(index), settings: declaration.settings).enumerated() {
                    guard let id, d.builder.view(named: id) != nil else { continue }
                    let key = axis == 0 ? "showsHorizontalScrollIndicator" : "showsVerticalScrollIndicator"
                    throw node.error(.invalidValue, "the view id '\(id)' is taken by the scroll view's own \(axis == 0 ? "horizontal" : "vertical") "
                                     + "indicator; rename that view or set \(key): false")
                }
                declaration.indicators = d.builder.addScrollIndicators(to: ViewID(index), settings: declaration.settings)
            }
            scrollViewByView[declaration.view] = scrollViews.count
            scrollViews.append(declaration)
        }
    }

    private func decodeScrollSettings(_ node: Located, view: Int, system: SystemID) throws -> ScrollDeclaration {
        let fields = try node.mapping(allowed: Self.scrollKeys)
        let contentSizeNode = try fields.require("contentSize", "the content's size [width, height] in points")
        var settings = ScrollSettings(contentSize: try contentSizeNode.size())
        guard settings.contentSize.width <= ScrollSettings.maximumContentLength, settings.contentSize.height <= ScrollSettings.maximumContentLength else {
            throw contentSizeNode.error(.invalidValue, "expected a content size of at most \(formatted(ScrollSettings.maximumContentLength)) points a side")
        }
        let offset = try fields["contentOffset"]?.point() ?? .zero
        if let insetNode = fields["contentInset"] { settings.contentInset = try Self.decodeInset(insetNode) }
        settings.isPagingEnabled = try Self.flag(fields, "isPagingEnabled", "pagingEnabled") ?? false
        settings.bounces = try fields["bounces"]?.bool() ?? true
        settings.alwaysBounceHorizontal = try fields["alwaysBounceHorizontal"]?.bool() ?? false
        settings.alwaysBounceVertical = try fields["alwaysBounceVertical"]?.bool() ?? false
        if let rateNode = fields["decelerationRate"] { settings.decelerationRate = try Self.decelerationRate(rateNode) }
        let both = try fields["showsScrollIndicators"]?.bool()
        settings.showsHorizontalScrollIndicator = try fields["showsHorizontalScrollIndicator"]?.bool() ?? both ?? true
        settings.showsVerticalScrollIndicator = try fields["showsVerticalScrollIndicator"]?.bool() ?? both ?? true
        return ScrollDeclaration(view: view, system: system, node: node, settings: settings, initialOffset: offset)
    }

    /// A boolean written with UIKit's `isX` spelling or the plain one (not both).
    static func flag(_ fields: Fields, _ uikit: String, _ plain: String) throws -> Bool? {
        if let a = fields[uikit], fields[plain] != nil {
            throw a.error(.invalidValue, "'\(uikit)' and '\(plain)' are the same setting; give one")
        }
        return try (fields[uikit] ?? fields[plain])?.bool()
    }

    /// `normal` (0.998 a millisecond), `fast` (0.99) or a number in (0, 1).
    static func decelerationRate(_ node: Located) throws -> Double {
        if case .scalar = node.node, let word = try? node.string(), Double(word) == nil {
            switch word {
            case "normal": return ScrollSettings.normalDecelerationRate
            case "fast": return ScrollSettings.fastDecelerationRate
            default:
                throw node.error(.invalidValue, "expected a deceleration rate: normal, fast or a number between 0 and 1 (exclusive), found '\(word)'",
                                 suggestion: closestName(to: word, in: ["normal", "fast"]))
            }
        }
        let rate = try node.number("a deceleration rate: normal, fast or a number between 0 and 1")
        guard rate > 0, rate < 1 else {
            throw node.error(.invalidValue, "expected a deceleration rate between 0 and 1 (exclusive; the velocity is multiplied by it every millisecond), found \(formatted(rate))")
        }
        return rate
    }

    /// Resolves the delegate actions and installs the scroll view systems.
    mutating func installScrollSystems(watches: [Int: [ScrollWatch]]) {
        for declaration in scrollViews {
            var settings = declaration.settings
            if let fields = try? declaration.node.mapping(allowed: Self.scrollKeys) {
                for key in Self.scrollActionKeys {
                    guard let node = fields[key] else { continue }
                    attempt { d in
                        let action = try d.actionIndex(node)
                        switch key {
                        case "onBeginDragging": settings.onBeginDragging = action
                        case "onEndDragging": settings.onEndDragging = action
                        case "onEndDecelerating": settings.onEndDecelerating = action
                        default: settings.onEndScrollingAnimation = action
                        }
                    }
                }
            }
            let view = views[declaration.view]
            builder.install(ScrollViewSystem(view: ViewID(declaration.view), viewID: view.id, initialOffset: declaration.initialOffset,
                                            viewport: view.bounds.size, settings: settings,
                                            commands: scrollCommands[declaration.view] ?? [],
                                            watches: watches[declaration.view] ?? [], indicators: declaration.indicators,
                                            pixelScale: devicePixelScale),
                            as: declaration.system)
        }
    }
}

extension SceneDecoder {
    static let setContentOffsetKeys = ["scrollView", "to", "x", "y", "animated"]
    /// What `set:` may change of a scroll view.
    static let scrollContentPaths = ["contentSize", "contentInset"]

    /// `set: {ID.contentSize: [w, h]}` or `{ID.contentInset: {top, left, bottom, right}}` in an
    /// action: a command to that scroll view's system; nil for other paths.
    func decodeScrollContentChange(_ key: String, keyNode: Located, value: Located) throws -> SystemCommand? {
        guard let dot = key.firstIndex(of: "."), Self.scrollContentPaths.contains(String(key[key.index(after: dot)...])) else { return nil }
        let id = String(key[..<dot]), path = String(key[key.index(after: dot)...])
        guard let view = viewIndex[id] else {
            throw keyNode.error(.unknownReference, "no view has the id '\(id)'", suggestion: suggestViewID(for: id))
        }
        guard let system = scrollViewByView[view].map({ scrollViews[$0].system }) else {
            throw keyNode.error(.invalidValue, "'\(path)' belongs to a scroll view, and '\(id)' has no 'scroll:' settings",
                                suggestion: suggestScrollViewID(for: id).map { "\($0).\(path)" })
        }
        if path == "contentSize" {
            let size = try value.size()
            guard size.width <= ScrollSettings.maximumContentLength, size.height <= ScrollSettings.maximumContentLength else {
                throw value.error(.invalidValue, "expected a content size of at most \(formatted(ScrollSettings.maximumContentLength)) points a side")
            }
            return SystemCommand(system: system, ScrollContentChange(contentSize: size))
        }
        return SystemCommand(system: system, ScrollContentChange(contentInset: try Self.decodeInset(value)))
    }

    /// `commands` with `command` added; a content change for a scroll view that one `set:`
    /// already changes joins it, so both apply at once (as assignments in one run loop turn).
    static func merging(_ command: SystemCommand, into commands: [SystemCommand]) -> [SystemCommand] {
        guard let change = command.message.as(ScrollContentChange.self),
              let i = commands.firstIndex(where: { $0.system == command.system && $0.message.as(ScrollContentChange.self) != nil }),
              var joined = commands[i].message.as(ScrollContentChange.self) else { return commands + [command] }
        joined.contentSize = change.contentSize ?? joined.contentSize
        joined.contentInset = change.contentInset ?? joined.contentInset
        var result = commands
        result[i] = SystemCommand(system: command.system, joined)
        return result
    }

    /// `{top, left, bottom, right}` in points, each 0 when omitted.
    static func decodeInset(_ node: Located) throws -> EdgeInsets {
        let inset = try node.mapping(allowed: insetKeys)
        return EdgeInsets(top: try inset["top"]?.number("points") ?? 0, left: try inset["left"]?.number("points") ?? 0,
                          bottom: try inset["bottom"]?.number("points") ?? 0, right: try inset["right"]?.number("points") ?? 0)
    }

    /// `setContentOffset: {scrollView: ID, to: [x, y] (or x: / y:), animated: true}` in an
    /// action: a command to that scroll view's system.
    mutating func decodeSetContentOffset(_ node: Located) throws -> SystemCommand {
        let fields = try node.mapping(allowed: Self.setContentOffsetKeys)
        let viewNode = try fields.require("scrollView", "the id of the scroll view to scroll")
        let id = try viewNode.string("a scroll view id")
        guard let view = viewIndex[id] else {
            throw viewNode.error(.unknownReference, "no view has the id '\(id)'", suggestion: suggestViewID(for: id))
        }
        guard let system = scrollViewByView[view].map({ scrollViews[$0].system }) else {
            throw viewNode.error(.invalidValue, "view '\(id)' is not a scroll view (it has no 'scroll:' settings)",
                                 suggestion: suggestScrollViewID(for: id))
        }
        var x: Double?, y: Double?
        if let to = fields["to"] {
            for other in ["x", "y"] where fields[other] != nil {
                throw fields[other]!.error(.invalidValue, "'to' already gives both coordinates; remove '\(other)'")
            }
            let point = try to.point()
            x = point.x; y = point.y
        } else {
            x = try fields["x"]?.number("an offset in points")
            y = try fields["y"]?.number("an offset in points")
            guard x != nil || y != nil else { throw node.error(.missingKey, "missing key 'to' ([x, y] in points), or 'x' or 'y'") }
        }
        let animated = try fields["animated"]?.bool() ?? true
        let timing: AnimationTiming? = animated ? .curve(.easeInEaseOut, duration: ScrollPhysics.setContentOffsetDuration) : nil
        let command = ScrollCommand(x: x, y: y, timing: timing)
        scrollCommands[view, default: []].append(command)
        return SystemCommand(system: system, command)
    }
}
