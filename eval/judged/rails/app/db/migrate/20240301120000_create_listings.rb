class CreateListings < ActiveRecord::Migration[7.1]
  def change
    create_table :listings do |t|
      t.references :seller, null: false, foreign_key: { to_table: :users }
      t.string :title, null: false
      t.text :description
      t.integer :price_cents, null: false
      t.integer :status, null: false, default: 0
      t.datetime :published_at
      t.timestamps
    end
    add_index :listings, %i[status published_at]
  end
end
