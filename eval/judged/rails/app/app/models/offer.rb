class Offer < ApplicationRecord
  belongs_to :listing
  belongs_to :buyer, class_name: "User"

  validates :amount_cents, numericality: { greater_than: 0 }
  validate :below_asking_price

  private

  def below_asking_price
    return if amount_cents.blank? || amount_cents <= listing.price_cents

    errors.add(:amount_cents, "must not exceed the asking price")
  end
end
