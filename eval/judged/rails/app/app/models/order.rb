class Order < ApplicationRecord
  belongs_to :buyer, class_name: "User"
  belongs_to :listing

  enum :state, { pending: 0, paid: 1, shipped: 2, refunded: 3 }

  validates :amount_cents, numericality: { greater_than: 0 }

  after_create_commit -> { OrderConfirmationJob.perform_later(id) }
end
