class User < ApplicationRecord
  devise :database_authenticatable, :registerable, :recoverable,
         :rememberable, :validatable, :confirmable

  has_many :listings, foreign_key: :seller_id, dependent: :destroy, inverse_of: :seller
  has_many :orders, foreign_key: :buyer_id, dependent: :restrict_with_error, inverse_of: :buyer

  validates :display_name, presence: true, length: { maximum: 60 }
end
