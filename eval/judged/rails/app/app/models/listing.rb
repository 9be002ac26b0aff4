class Listing < ApplicationRecord
  belongs_to :seller, class_name: "User"
  has_many :offers, dependent: :destroy
  has_many_attached :photos

  enum :status, { draft: 0, published: 1, sold: 2, archived: 3 }, default: :draft

  validates :title, presence: true, length: { maximum: 120 }
  validates :price_cents, numericality: { greater_than: 0 }

  scope :visible, -> { published.order(published_at: :desc) }

  broadcasts_refreshes

  def publish!
    update!(status: :published, published_at: Time.current)
  end
end
