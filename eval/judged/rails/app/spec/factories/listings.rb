FactoryBot.define do
  factory :listing do
    association :seller, factory: :user
    title { Faker::Commerce.product_name }
    price_cents { 2_500 }

    trait :published do
      status { :published }
      published_at { 1.hour.ago }
    end
  end
end
