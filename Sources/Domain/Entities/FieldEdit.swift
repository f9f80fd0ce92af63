/// What to do with one optional field of an existing record.
public enum FieldEdit<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Leave the field as it is.
    case keep
    /// Give the field this value.
    case set(Value)
    /// Remove the field's value.
    case clear
}
