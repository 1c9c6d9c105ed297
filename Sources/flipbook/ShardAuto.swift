import ArgumentParser

/// `--shard`: `I/N` (1-based), or `auto` / `auto/N` to read I (and N) from the variables the
/// render farm sets for each task.
enum ShardSpecification: ExpressibleByArgument, Equatable, CustomStringConvertible {
    case fixed(Shard)
    /// `count` is nil for plain `auto` (only Slurm says how many tasks there are).
    case auto(count: Int?)

    init?(argument: String) {
        if argument == "auto" {
            self = .auto(count: nil)
        } else if argument.hasPrefix("auto/") {
            guard let count = Int(argument.dropFirst(5)), (1...Shard.maximumCount).contains(count) else { return nil }
            self = .auto(count: count)
        } else {
            guard let shard = Shard(argument: argument) else { return nil }
            self = .fixed(shard)
        }
    }

    var description: String {
        switch self {
        case .fixed(let shard): return "\(shard.index)/\(shard.count)"
        case .auto(let count): return count.map { "auto/\($0)" } ?? "auto"
        }
    }

    /// The shard, reading `environment` for `auto`; a usage error (exit 64) naming the variables
    /// when they are missing, unreadable or contradict each other.
    func resolve(environment: [String: String]) throws -> Shard {
        switch self {
        case .fixed(let shard):
            return shard
        case .auto(let count):
            do { return try RenderFarm.shard(environment: environment, count: count) } catch {
                throw fail("--shard \(self): \(error)", ExitStatus.usage)
            }
        }
    }
}

/// The render farms `--shard auto` knows and the variables each sets for a task of an array.
enum RenderFarm: CaseIterable {
    case slurm, kubernetes, awsBatch, gnuParallel

    /// The variable whose presence says the task runs on this engine.
    var indexVariable: String {
        switch self {
        case .slurm: return "SLURM_ARRAY_TASK_ID"
        case .kubernetes: return "JOB_COMPLETION_INDEX"
        case .awsBatch: return "AWS_BATCH_JOB_ARRAY_INDEX"
        case .gnuParallel: return "PARALLEL_SEQ"
        }
    }

    var name: String {
        switch self {
        case .slurm: return "Slurm job arrays"
        case .kubernetes: return "Kubernetes Indexed Jobs"
        case .awsBatch: return "AWS Batch array jobs"
        case .gnuParallel: return "GNU Parallel"
        }
    }

    /// Why `--shard auto` cannot tell which shard this is.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case noEngine
        case severalEngines([String])
        case countNeeded(RenderFarm)
        case missing(variable: String, engine: RenderFarm)
        case notAnInteger(variable: String, value: String)
        case countsDisagree(given: Int, variable: String, value: Int)
        case outOfRange(String, count: Int)

        var description: String {
            switch self {
            case .noEngine:
                let looked = RenderFarm.allCases.map { "\($0.indexVariable) (\($0.name))" }
                return "no render-farm variable is set; looked for " + looked.joined(separator: ", ")
                    + ". Outside a farm, pass --shard I/N"
            case .severalEngines(let variables):
                return "the variables of several render farms are set (\(variables.joined(separator: ", "))); pass --shard I/N"
            case .countNeeded(let engine):
                return "\(engine.indexVariable) (\(engine.name)) gives this task's index but not how many tasks there are: "
                    + "pass --shard auto/N" + (engine == .slurm ? " or set SLURM_ARRAY_TASK_COUNT" : "")
            case .missing(let variable, let engine):
                return "\(engine.indexVariable) is set but \(variable) is not (\(engine.name) set both)"
            case .notAnInteger(let variable, let value):
                return "\(variable)=\(value) is not a whole number"
            case .countsDisagree(let given, let variable, let value):
                return "--shard auto/\(given) disagrees with \(variable)=\(value)"
            case .outOfRange(let computation, let count):
                return "\(computation) is not a shard between 1 and \(count)"
            }
        }
    }

    /// This task's shard from `environment`; `count` is N from `--shard auto/N`.
    static func shard(environment: [String: String], count: Int?) throws -> Shard {
        let present = allCases.filter { environment[$0.indexVariable] != nil }
        guard let engine = present.first else { throw Problem.noEngine }
        guard present.count == 1 else {
            throw Problem.severalEngines(present.map { "\($0.indexVariable)=\(environment[$0.indexVariable] ?? "")" })
        }
        func integer(_ variable: String) throws -> Int? {
            guard let text = environment[variable] else { return nil }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else { throw Problem.notAnInteger(variable: variable, value: text) }
            return value
        }
        let index = try integer(engine.indexVariable) ?? 0
        let number: Int, total: Int, computation: String
        switch engine {
        case .slurm:
            // A job array --array=MIN-MAX:STEP numbers its tasks MIN, MIN + STEP, ...
            guard let minimum = try integer("SLURM_ARRAY_TASK_MIN") else {
                throw Problem.missing(variable: "SLURM_ARRAY_TASK_MIN", engine: .slurm)
            }
            let step = try integer("SLURM_ARRAY_TASK_STEP") ?? 1
            let tasks = try integer("SLURM_ARRAY_TASK_COUNT")
            if let tasks, let count, tasks != count {
                throw Problem.countsDisagree(given: count, variable: "SLURM_ARRAY_TASK_COUNT", value: tasks)
            }
            guard let n = tasks ?? count else { throw Problem.countNeeded(.slurm) }
            guard step >= 1 else { throw Problem.outOfRange("SLURM_ARRAY_TASK_STEP=\(step)", count: n) }
            // Overflow-checked: the values come from the environment.
            let (offset, overflow) = index.subtractingReportingOverflow(minimum)
            computation = "(SLURM_ARRAY_TASK_ID \(index) − SLURM_ARRAY_TASK_MIN \(minimum)) / step \(step) + 1"
            guard !overflow, offset >= 0, offset % step == 0 else { throw Problem.outOfRange(computation, count: n) }
            (number, total) = (offset / step + 1, n)
        case .kubernetes, .awsBatch:
            guard let count else { throw Problem.countNeeded(engine) }
            computation = "\(engine.indexVariable) \(index) + 1"
            let (next, overflow) = index.addingReportingOverflow(1)
            guard !overflow else { throw Problem.outOfRange(computation, count: count) }
            (number, total) = (next, count)
        case .gnuParallel:
            guard let count else { throw Problem.countNeeded(engine) }
            computation = "PARALLEL_SEQ \(index)"
            (number, total) = (index, count)
        }
        guard total >= 1, total <= Shard.maximumCount, let shard = Shard(argument: "\(number)/\(total)") else {
            throw Problem.outOfRange(computation, count: total)
        }
        return shard
    }
}
