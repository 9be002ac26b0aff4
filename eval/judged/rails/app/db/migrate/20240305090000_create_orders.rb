class CreateOrders < ActiveRecord::Migration[7.1]
  def change
    create_table :orders do |t|
      t.references :buyer, null: false, foreign_key: { to_table: :users }
      t.references :listing, null: false, foreign_key: true
      t.integer :amount_cents, null: false
      t.integer :state, null: false, default: 0
      t.timestamps
    end
  end
end
