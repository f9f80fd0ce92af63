/// A `{"items": […]}` body: the teams, and the admin API's fault rules.
struct ItemList<Item: Encodable>: Encodable {
    let items: [Item]
}
