/// What to do with one optional field of an existing record.
public enum FieldEdit<Value: Sendable & Hashable>: Sendable, Hashable {
    case keep
    case set(Value)
    case clear
}
