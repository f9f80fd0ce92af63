/// A body of the shape `{"items": […]}`: the teams, and the admin API's fault rules.
struct ItemList<Item: Encodable>: Encodable {
    /// The items, in order.
    let items: [Item]
}
