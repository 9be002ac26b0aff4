FactoryBot.define do
  factory :user do
    sequence(:email) { |n| "user#{n}@example.com" }
    password { "password123" }
    display_name { Faker::Name.first_name }
    confirmed_at { Time.current }
  end
end
