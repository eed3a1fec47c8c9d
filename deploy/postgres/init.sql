-- Kratos keeps its tables in a database of its own beside the product's.
create database kratos;
