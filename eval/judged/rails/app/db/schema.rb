ActiveRecord::Schema[7.1].define(version: 2024_03_05_090000) do
  enable_extension "plpgsql"

  create_table "listings", force: :cascade do |t|
    t.bigint "seller_id", null: false
    t.string "title", null: false
    t.text "description"
    t.integer "price_cents", null: false
    t.integer "status", default: 0, null: false
    t.datetime "published_at"
    t.timestamps
    t.index ["status", "published_at"], name: "index_listings_on_status_and_published_at"
  end

  create_table "orders", force: :cascade do |t|
    t.bigint "buyer_id", null: false
    t.bigint "listing_id", null: false
    t.integer "amount_cents", null: false
    t.integer "state", default: 0, null: false
    t.timestamps
  end
end
